/** Spec 001 §4 and §9: posts fade from 7 days old, reaching 0.8 at 30 days. */
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

/** Opacity 1 − fade, scale 1 − 0.1 × fade. */
export function ageFadeStyle(createdAt: string, now: Date = new Date()) {
  const fade = ageFade(createdAt, now);
  return { opacity: 1 - fade, transform: `scale(${1 - 0.1 * fade})` };
}
