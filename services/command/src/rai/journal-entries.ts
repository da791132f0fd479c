import { randomUUID } from 'node:crypto';
import { derivedId } from '@reflections/platform/ids/derived-id';
import type { JournalSource, Mood } from '@reflections/contracts/rai';
import { journalStream } from '@reflections/contracts/streams';
import type { AppendResult, EventStore } from '@reflections/platform/event-store/event-store';
import { appended, handleCommand } from '@reflections/platform/command/command-handler';
import type { CommandContext } from '@reflections/platform/command/command-context';
import { journalDecider } from '@reflections/ai-client/journal-decider';

/**
 * The entry id, which is also the AI job id: derived from the client's request id when it
 * sends one, so a retry is one entry; otherwise new, and nothing can be recorded for it yet.
 */
export const entryIdFor = (userId: string, clientRequestId: string | undefined): { entryId: string; isNew: boolean } =>
  clientRequestId && /^[\w-]{8,128}$/.test(clientRequestId)
    ? { entryId: derivedId('journal-entry', userId, clientRequestId), isNew: false }
    : { entryId: randomUUID(), isNew: true };

/** Stores the member's words before any AI work starts, so nothing is lost if RAI is slow or down. The event's id is the entry's. */
export async function submitJournalEntry(
  store: EventStore,
  context: CommandContext & { userId: string },
  entry: { entryId: string; source: JournalSource; text: string; prompt: string | null; mood: Mood | null },
): Promise<AppendResult> {
  const command = {
    type: 'SubmitJournalEntry',
    ...entry,
    userId: context.userId,
    now: new Date().toISOString(),
  } as const;
  return appended(
    await handleCommand(store, journalStream(context.userId), journalDecider, command, context, {
      appendOnly: true,
      eventIds: [entry.entryId],
    }),
  );
}
