import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { JOURNEY_STEP_COUNT } from '@reflections/contracts/onboarding';

const CANOPY = { x: 100, y: 82 };
const LEAF_COUNT = JOURNEY_STEP_COUNT - 1;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

// A sunflower spiral: each new leaf lands a little further out, so the crown fills evenly as it grows.
const LEAVES = Array.from({ length: LEAF_COUNT }, (_, i) => {
  const radius = 8 + 9.5 * Math.sqrt(i);
  return {
    cx: Math.round(CANOPY.x + radius * Math.cos(i * GOLDEN_ANGLE) * 1.2),
    cy: Math.round(CANOPY.y + radius * Math.sin(i * GOLDEN_ANGLE) * 0.85),
    r: 9 + (i % 3) * 2,
  };
});

const BRANCHES = [
  { d: 'M100 150 C 92 130, 80 118, 66 108', from: 4 },
  { d: 'M100 140 C 108 122, 120 112, 136 104', from: 7 },
  { d: 'M100 122 C 94 106, 86 96, 76 80', from: 10 },
  { d: 'M100 115 C 106 100, 116 88, 126 74', from: 13 },
];

/**
 * A tree that grows a leaf for every step taken. Decorative: the progress bar beside it
 * says the same in words. Motion is CSS transitions, which the theme stills under reduced motion.
 */
export function JourneyTree({ step }: { readonly step: number }) {
  const theme = useTheme();
  const { palette } = theme;
  const growth = (step - 1) / (JOURNEY_STEP_COUNT - 1);
  const grown = (from: number) => ({
    opacity: step >= from ? 1 : 0,
    transform: step >= from ? 'scale(1)' : 'scale(0.3)',
  });

  return (
    <Box
      component="svg"
      viewBox="0 0 200 210"
      aria-hidden
      focusable="false"
      sx={{
        display: 'block',
        width: '100%',
        maxWidth: { xs: 120, md: 220 },
        mx: 'auto',
        overflow: 'visible',
        '& .grows': { transition: 'transform 700ms ease-out, opacity 500ms ease-out', transformBox: 'fill-box' },
      }}
    >
      <ellipse cx="100" cy="196" rx="70" ry="9" fill={palette.primary.light} opacity="0.25" />
      {/* The whole tree grows from a sapling while branches and leaves arrive one by one. */}
      <g className="grows" style={{ transformOrigin: 'center bottom', transform: `scale(${0.45 + 0.55 * growth})` }}>
        <path d="M92 196 C 96 160, 95 130, 100 92 C 105 130, 104 160, 108 196 Z" fill={palette.text.primary} />
        {BRANCHES.map((branch) => (
          <path
            key={branch.d}
            className="grows"
            d={branch.d}
            fill="none"
            stroke={palette.text.primary}
            strokeWidth="4"
            strokeLinecap="round"
            style={{ transformOrigin: 'center bottom', ...grown(branch.from) }}
          />
        ))}
        {LEAVES.map((leaf, i) => (
          <circle
            key={`${leaf.cx}-${leaf.cy}`}
            className="grows"
            cx={leaf.cx}
            cy={leaf.cy}
            r={leaf.r}
            // Every fourth leaf catches the firelight.
            fill={i % 4 === 3 ? palette.secondary.main : i % 2 === 0 ? palette.primary.main : palette.primary.light}
            fillOpacity={0.85}
            style={{ transformOrigin: 'center', ...grown(i + 2) }}
          />
        ))}
      </g>
    </Box>
  );
}
