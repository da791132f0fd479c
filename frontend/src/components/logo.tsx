/** A flame inside two rings reflected in still water: the campfire and the pause. (index.html draws the splash's copy.) */
export function Logo({ size = 32 }: { readonly size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden style={{ display: 'block' }}>
      <circle cx="32" cy="32" r="29" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.6" />
      <circle cx="32" cy="32" r="22" fill="none" stroke="currentColor" strokeWidth="1.5" opacity="0.35" />
      <path d="M32 14c5 7 10 11 10 18a10 10 0 0 1-20 0c0-4 2-7 4-9 0 3 1 5 3 6-1-6 1-10 3-15z" fill="#c8632b" />
      <path d="M20 46h24M24 50h16" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" opacity="0.5" />
    </svg>
  );
}
