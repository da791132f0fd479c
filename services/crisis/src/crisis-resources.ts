import { CrisisResourcesShown } from '@reflections/contracts/rai';
import type { CommandContext } from '@reflections/platform/command/command-context';
import { appended, handleCommand } from '@reflections/platform/command/command-handler';
import { accept, type Decider, type Rejection } from '@reflections/platform/command/decider';
import type { AppendResult, EventStore } from '@reflections/platform/event-store/event-store';

type Where = CrisisResourcesShown['data']['where'];

export type ShowCrisisResources = { readonly type: 'ShowCrisisResources'; readonly where: Where; readonly now: string };

/**
 * The crisis lines were shown to a member beside what he wrote (a forum post, a story): what
 * admins count, where and when, never the words. Whatever the stream holds, it is recorded.
 */
export const crisisResourcesDecider: Decider<null, ShowCrisisResources, CrisisResourcesShown, Rejection<never>> = {
  codec: CrisisResourcesShown,
  initialState: null,
  evolve: (state) => state,
  decide: ({ where, now }) => accept({ type: 'CrisisResourcesShown', data: { where, shownAt: now } }),
};

/** Records on `streamName` that the crisis lines were shown (no read: the stream's history changes nothing). */
export async function showCrisisResources(
  store: EventStore,
  streamName: string,
  where: Where,
  context: CommandContext,
): Promise<AppendResult> {
  return appended(
    await handleCommand(
      store,
      streamName,
      crisisResourcesDecider,
      { type: 'ShowCrisisResources', where, now: new Date().toISOString() },
      context,
      { appendOnly: true },
    ),
  );
}
