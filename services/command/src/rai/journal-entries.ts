import { randomUUID } from 'node:crypto';
import { derivedId } from '@reflections/ai-client/ids';
import type { JournalEntrySubmitted, JournalSource, Mood } from '@reflections/contracts/rai';
import { journalStream } from '@reflections/contracts/streams';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { toAppend } from '../plumbing/command-handler';
import type { CommandContext } from '../plumbing/command-context';

/**
 * The entry id, which is also the AI job id: derived from the client's request id when it
 * sends one, so a retry is one entry; otherwise new, and nothing can be recorded for it yet.
 */
export const entryIdFor = (userId: string, clientRequestId: string | undefined): { entryId: string; isNew: boolean } =>
  clientRequestId && /^[\w-]{8,128}$/.test(clientRequestId) ? { entryId: derivedId('journal-entry', userId, clientRequestId), isNew: false } : { entryId: randomUUID(), isNew: true };

/** Stores the member's words before any AI work starts, so nothing is lost if RAI is slow or down. */
export async function submitJournalEntry(
  store: EventStore,
  context: CommandContext & { userId: string },
  entry: { entryId: string; source: JournalSource; text: string; prompt: string | null; mood: Mood | null },
) {
  const event: JournalEntrySubmitted = { type: 'JournalEntrySubmitted', data: { ...entry, userId: context.userId, submittedAt: new Date().toISOString() } };
  return store.appendToStream(journalStream(context.userId), [toAppend(event, context, entry.entryId)], { expectedRevision: 'any' });
}
