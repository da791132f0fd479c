import type { CrisisResourcesShown } from '@reflections/contracts/rai';

/** Says whether a member's words carry crisis language (the RAI crisis module). */
export type CrisisCheck = (text: string) => Promise<boolean>;

/** A failing detector never loses what the member wrote: it is logged and counts as no crisis. */
export const checkedSafely =
  (check: CrisisCheck, where: string): CrisisCheck =>
  (text) =>
    check(text).catch((error: unknown) => {
      console.error(`[${where}] crisis check failed; the words are kept:`, error);
      return false;
    });

/** What admins count: where and when the crisis resources were shown, never the words. */
export const crisisResourcesShown = (where: CrisisResourcesShown['data']['where'], now = new Date()): CrisisResourcesShown => ({
  type: 'CrisisResourcesShown',
  data: { where, shownAt: now.toISOString() },
});
