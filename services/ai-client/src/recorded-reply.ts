import type { RaiReplyGenerated } from '@reflections/contracts/rai';
import { formatPosition } from '@reflections/contracts/position';
import { journalStream } from '@reflections/contracts/streams';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { derivedId } from '@reflections/platform/ids/derived-id';

/** A recorded reply and where it sits in the log (the requester's X-Position). */
export type AnsweredEntry = RaiReplyGenerated['data'] & { position: string };

/** The id of RAI's reply to an entry, derived from the entry id: a redelivered job appends the same event, and the requester finds it (recordedReply). */
export const replyEventId = (entryId: string) => derivedId(entryId, 'RaiReplyGenerated');

/** Journal events read per page while looking for a recorded reply. */
const LOOKUP_PAGE = 32;

/**
 * The reply already recorded for this entry (a redelivered or repeated job), if any. A
 * reply is appended after its entry (whose event id is the entry id), so the journal is
 * read backwards from its end only as far as the entry: one short read for a fresh entry,
 * however long the member's journal.
 */
export async function recordedReply(
  eventStore: EventStore,
  userId: string,
  entryId: string,
): Promise<AnsweredEntry | null> {
  const id = replyEventId(entryId);
  for (let fromRevision: bigint | undefined; fromRevision === undefined || fromRevision >= 0n;) {
    const page = await eventStore.readStream(journalStream(userId), {
      direction: 'backwards',
      fromRevision,
      maxCount: LOOKUP_PAGE,
    });
    for (const event of page) {
      if (event.id === id)
        return { ...(event.data as RaiReplyGenerated['data']), position: formatPosition(event.position) };
      if (event.id === entryId) return null;
    }
    if (page.length < LOOKUP_PAGE) return null;
    fromRevision = page[page.length - 1].revision - 1n;
  }
  return null;
}
