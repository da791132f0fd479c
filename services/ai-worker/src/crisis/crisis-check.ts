import type { CrisisDetector } from './crisis-detector';

/**
 * The detector every responder's input passes through: the local classifier, and, when a
 * key is set, OpenAI's moderation endpoint too. Either one is enough; a moderation call
 * that fails leaves the local answer standing rather than failing the member's reply.
 */
export function crisisCheck(local: CrisisDetector, moderation: CrisisDetector | null): CrisisDetector {
  return {
    isCrisis: async (text) => {
      const [localSays, moderationSays] = await Promise.all([
        local.isCrisis(text),
        moderation?.isCrisis(text).catch((error: unknown) => {
          console.warn('crisis moderation check failed, local detector only:', error instanceof Error ? error.message : error);
          return false;
        }) ?? false,
      ]);
      return localSays || moderationSays;
    },
  };
}
