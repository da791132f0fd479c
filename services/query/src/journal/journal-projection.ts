import { JournalEntrySubmitted, RaiReplyFailed, RaiReplyGenerated } from '@reflections/contracts/rai';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { JournalEntry } from './journal-entry.entity';

/** journal_entries: the member's words, then RAI's reply or the news that it failed. */
export const journalProjection: Projector = {
  name: 'journal',
  tables: ['journal_entries'],
  handlers: {
    JournalEntrySubmitted: (em, event) => {
      const data = dataOf(JournalEntrySubmitted, event);
      em.create(JournalEntry, {
        id: data.entryId,
        userId: data.userId,
        source: data.source,
        userResponse: data.text,
        prompt: data.prompt,
        chosenMood: data.mood,
        detectedMood: null,
        aiGuidance: null,
        status: 'waiting',
        createdAt: new Date(data.submittedAt),
      });
    },
    RaiReplyGenerated: async (em, event) => {
      const data = dataOf(RaiReplyGenerated, event);
      const entry = await em.findOne(JournalEntry, { id: data.entryId, userId: data.userId });
      if (!entry) return;
      entry.aiGuidance = data.reply;
      entry.detectedMood = data.mood;
      entry.status = 'answered';
    },
    RaiReplyFailed: async (em, event) => {
      const data = dataOf(RaiReplyFailed, event);
      const entry = await em.findOne(JournalEntry, { id: data.entryId, userId: data.userId });
      if (entry && entry.status === 'waiting') entry.status = 'failed';
    },
  },
};
