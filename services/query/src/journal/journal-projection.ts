import { READ_MODELS } from '@reflections/contracts/admin';
import { JournalEntrySubmitted, RaiReplyFailed, RaiReplyGenerated } from '@reflections/contracts/rai';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { type JournalEntry, JournalEntrySchema } from './journal-entry.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

/** The entry a reply is about, if it is this member's. */
const ownEntry = (entry: JournalEntry, userId: string) => entry.userId === userId;

/** journal_entries: the member's words, then RAI's reply or the news that it failed. */
export const journalProjection = entityProjection({
  name: READ_MODELS.journal,
  entity: JournalEntrySchema,
  keyOf: (event) => ({ id: (event.data as { entryId?: string }).entryId }),
  forgetMember: deletingRowsOf('journal_entries'),
  handlers: {
    JournalEntrySubmitted: (entries, event) => {
      const data = dataOf(JournalEntrySubmitted, event);
      entries.insert({
        id: data.entryId,
        userId: data.userId,
        source: data.source,
        userResponse: data.text,
        prompt: data.prompt,
        chosenMood: data.mood,
        detectedMood: null,
        aiGuidance: null,
        crisis: false,
        status: 'waiting',
        createdAt: new Date(data.submittedAt),
      });
    },
    RaiReplyGenerated: (entries, event) => {
      const data = dataOf(RaiReplyGenerated, event);
      entries.update({ id: data.entryId }, (entry) => {
        if (!ownEntry(entry, data.userId)) return;
        entry.aiGuidance = data.reply;
        // A mood is never read from a crisis message (replies recorded before this carried one).
        entry.detectedMood = data.crisis ? null : data.mood;
        entry.crisis = data.crisis;
        entry.status = 'answered';
      });
    },
    RaiReplyFailed: (entries, event) => {
      const data = dataOf(RaiReplyFailed, event);
      entries.update({ id: data.entryId }, (entry) => {
        if (ownEntry(entry, data.userId) && entry.status === 'waiting') entry.status = 'failed';
      });
    },
  },
});
