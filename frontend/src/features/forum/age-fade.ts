/** docs/product.md#forum-boards: posts fade from 7 days old, reaching 0.8 at 30 days. */
export const FADE_START_DAYS = 7;
export const FADE_FULL_DAYS = 30;
export const MAX_FADE = 0.8;

const DAY_MS = 24 * 60 * 60 * 1000;

export function ageFade(createdAt: string, now: Date = new Date()): number {
  const days = (now.getTime() - new Date(createdAt).getTime()) / DAY_MS;
  if (!(days > FADE_START_DAYS)) return 0;
  if (days >= FADE_FULL_DAYS) return MAX_FADE;
  return (MAX_FADE * (days - FADE_START_DAYS)) / (FADE_FULL_DAYS - FADE_START_DAYS);
}

/**
 * The original design asked for opacity 1 − fade and scale 1 − 0.1 × fade. The scale is applied as
 * written; the opacity is given to the card's surface and border, not to its words: at
 * opacity 0.2 a month-old post's text would fall far below WCAG AA contrast (4.5:1), and
 * an old post can still be the one a man needs to read. So the card recedes into the
 * page while what it says stays legible.
 */
export function ageFadeStyle(createdAt: string, now: Date = new Date()) {
  const fade = ageFade(createdAt, now);
  const surfaceOpacity = 1 - fade;
  return {
    transform: `scale(${1 - 0.1 * fade})`,
    isolation: 'isolate',
    bgcolor: 'transparent',
    borderColor: 'transparent',
    '&::before': {
      content: '""',
      position: 'absolute',
      inset: -1,
      zIndex: -1,
      borderRadius: 'inherit',
      border: '1px solid',
      borderColor: 'divider',
      bgcolor: 'background.paper',
      opacity: surfaceOpacity,
    },
  } as const;
}
