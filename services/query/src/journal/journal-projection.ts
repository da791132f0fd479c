import { JournalEntrySubmitted, RaiReplyFailed, RaiReplyGenerated } from '@reflections/contracts/rai';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { JournalEntry } from './journal-entry.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

const entries = perBatch((em) => new EntityBatch(em, JournalEntry));

/** The entry a reply is about, if it is this member's. */
const ownEntry = (entry: JournalEntry, userId: string) => entry.userId === userId;

/** journal_entries: the member's words, then RAI's reply or the news that it failed. */
export const journalProjection: Projector = {
  name: 'journal',
  tables: ['journal_entries'],
  forgetMember: deletingRowsOf('journal_entries'),
  // The entries a batch touches, loaded with one query (an entry submitted again stays as first
  // written, whichever batch it falls in); one statement writes them all.
  beforeBatch: async (em, events) => {
    await entries.start(em).load(em, events.map((event) => ({ id: (event.data as { entryId: string }).entryId })));
  },
  afterBatch: (em) => entries.finish(em)!.write(em),
  handlers: {
    JournalEntrySubmitted: (em, event) => {
      const data = dataOf(JournalEntrySubmitted, event);
      entries.of(em).insert({
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
    RaiReplyGenerated: (em, event) => {
      const data = dataOf(RaiReplyGenerated, event);
      entries.of(em).update({ id: data.entryId }, (entry) => {
        if (!ownEntry(entry, data.userId)) return;
        entry.aiGuidance = data.reply;
        // A mood is never read from a crisis message (replies recorded before this carried one).
        entry.detectedMood = data.crisis ? null : data.mood;
        entry.crisis = data.crisis;
        entry.status = 'answered';
      });
    },
    RaiReplyFailed: (em, event) => {
      const data = dataOf(RaiReplyFailed, event);
      entries.of(em).update({ id: data.entryId }, (entry) => {
        if (ownEntry(entry, data.userId) && entry.status === 'waiting') entry.status = 'failed';
      });
    },
  },
};
