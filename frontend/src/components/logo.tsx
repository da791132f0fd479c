import Box from '@mui/material/Box';

type LogoProps = {
  readonly size?: number;
  /** Draws the rings in and lets the flame breathe. */
  readonly animated?: boolean;
};

/** A flame inside two rings reflected in still water: the campfire and the pause. */
export function Logo({ size = 32, animated = false }: LogoProps) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden
      sx={{
        display: 'block',
        '& .ring': animated ? { strokeDasharray: 190, strokeDashoffset: 190, animation: 'logo-draw 1.6s ease-out forwards' } : {},
        '& .ring-inner': animated ? { animationDelay: '0.3s' } : {},
        '& .flame': animated ? { transformOrigin: '32px 40px', animation: 'logo-breathe 2.4s ease-in-out infinite' } : {},
        '@keyframes logo-draw': { to: { strokeDashoffset: 0 } },
        '@keyframes logo-breathe': { '0%, 100%': { transform: 'scale(1)' }, '50%': { transform: 'scale(1.08)' } },
      }}
    >
      <circle className="ring" cx="32" cy="32" r="29" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.6" />
      <circle className="ring ring-inner" cx="32" cy="32" r="22" fill="none" stroke="currentColor" strokeWidth="1.5" opacity="0.35" />
      <path className="flame" d="M32 14c5 7 10 11 10 18a10 10 0 0 1-20 0c0-4 2-7 4-9 0 3 1 5 3 6-1-6 1-10 3-15z" fill="#c8632b" />
      <path d="M20 46h24M24 50h16" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" opacity="0.5" />
    </Box>
  );
}
