import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';

/** Says whether a member's words carry crisis language: the one port every caller uses (the forum's posts, the story, RAI's jobs). */
export type CrisisCheck = (text: string) => Promise<boolean>;

/** A failing detector never loses what the member wrote: it is logged and counts as no crisis. */
export const checkedSafely =
  (check: CrisisCheck, where: string): CrisisCheck =>
  (text) =>
    check(text).catch((error: unknown) => {
      logger.error({ where, err: safeError(error) }, 'crisis check failed; the words are kept');
      return false;
    });
