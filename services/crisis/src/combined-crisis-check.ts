import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import type { CrisisCheck } from './crisis-check';
import { hop } from '@reflections/platform/observability/hop-trace';

/**
 * The detector every responder's input passes through: the local classifier, and, when a
 * key is set, OpenAI's moderation endpoint too. Either one is enough; a moderation call
 * that fails leaves the local answer standing rather than failing the member's reply.
 */
export function combinedCrisisCheck(local: CrisisCheck, moderation: CrisisCheck | null): CrisisCheck {
  return async (text) => {
    const key = (globalThis as { hopKey?: string }).hopKey ?? '-';
    const [localSays, moderationSays] = await Promise.all([
      local(text).finally(() => hop(key, 'localDone')),
      moderation?.(text).finally(() => hop(key, 'moderationDone')).catch((error: unknown) => {
        logger.warn({ err: safeError(error) }, 'crisis moderation check failed, local detector only');
        return false;
      }) ?? false,
    ]);
    return localSays || moderationSays;
  };
}
