import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import type { CrisisCheck } from './crisis-check';

/**
 * The detector every responder's input passes through: the local classifier, and, when a
 * key is set, OpenAI's moderation endpoint too. Either one is enough; a moderation call
 * that fails leaves the local answer standing rather than failing the member's reply.
 */
export function combinedCrisisCheck(local: CrisisCheck, moderation: CrisisCheck | null): CrisisCheck {
  // Without a key the local answer is the answer: no Promise.all per post (its arrays and promises were 2% of what a forum post allocated).
  if (!moderation) return local;
  return async (text) => {
    const [localSays, moderationSays] = await Promise.all([
      local(text),
      moderation(text).catch((error: unknown) => {
        logger.warn({ err: safeError(error) }, 'crisis moderation check failed, local detector only');
        return false;
      }),
    ]);
    return localSays || moderationSays;
  };
}
