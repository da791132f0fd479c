import { AI_JOB_KINDS, JournalEntrySubmitted } from '@reflections/contracts/rai';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import type { AiJobClient } from './ai-job-client';

/**
 * Queues again every journal entry that has neither a reply nor a recorded failure: its
 * job was lost (the in-process worker stopped with the app, or the queue was down when
 * the entry was stored). Safe to repeat: a job whose reply exists is answered from it.
 */
export async function requeueUnanswered(eventStore: EventStore, aiJobs: AiJobClient): Promise<number> {
  const events = await eventStore.readAll({
    maxCount: 10_000_000,
    filter: { eventTypes: ['JournalEntrySubmitted', 'RaiReplyGenerated', 'RaiReplyFailed'] },
  });
  const settled = new Set(
    events.filter((e) => e.type !== 'JournalEntrySubmitted').map((e) => (e.data as { entryId: string }).entryId),
  );
  const waiting = events.flatMap((e) => {
    const decoded = JournalEntrySubmitted.decode({ type: e.type, data: e.data });
    return decoded._tag === 'Right' && !settled.has(decoded.right.data.entryId)
      ? [{ entry: decoded.right.data, correlationId: e.metadata.correlationId }]
      : [];
  });
  for (const { entry, correlationId } of waiting) {
    const options = { jobId: entry.entryId, requestedBy: entry.userId, correlationId };
    const queued =
      entry.source === 'guided-journal'
        ? aiJobs.request(
            AI_JOB_KINDS.journalGuidance,
            { entryId: entry.entryId, userId: entry.userId, userInput: entry.text, mood: entry.mood ?? 'calm' },
            options,
          )
        : aiJobs.request(
            AI_JOB_KINDS.processJournal,
            {
              entryId: entry.entryId,
              userId: entry.userId,
              journalEntry: entry.text,
              prompt: entry.prompt,
              mood: entry.mood,
            },
            options,
          );
    // Nobody waits for these answers: the replies land in the journal.
    queued.catch(() => undefined);
  }
  return waiting.length;
}
