import { READ_MODELS } from '@reflections/contracts/admin';
import { JournalEntrySubmitted, RaiReplyGenerated } from '@reflections/contracts/rai';
import { dataOf } from '../projection-engine/event-data';
import type { Report } from './report';
import { weekOf } from './week';

/**
 * How members felt, week by week: the mood a member chose for an entry, or else the one
 * RAI read in it (none from a crisis message). One row per entry (no text), counted when shown.
 */
export const weeklyMoodReport: Report = {
  name: READ_MODELS.weeklyMood,
  title: 'Weekly mood distribution',
  description: 'Journal and RAI entries per week by mood: the mood the member chose, or else the one RAI detected.',
  tables: {
    report_mood_entries: {
      columns: { entry_id: 'text', week: 'date', chosen_mood: 'text', detected_mood: 'text' },
      key: ['entry_id'],
      combine: 'latest',
    },
  },
  handlers: {
    JournalEntrySubmitted: (rows, event) => {
      const entry = dataOf(JournalEntrySubmitted, event);
      rows.add('report_mood_entries', {
        entry_id: entry.entryId,
        week: weekOf(entry.submittedAt),
        chosen_mood: entry.mood,
        detected_mood: null,
      });
    },
    RaiReplyGenerated: (rows, event) => {
      const reply = dataOf(RaiReplyGenerated, event);
      rows.add('report_mood_entries', {
        entry_id: reply.entryId,
        week: null,
        chosen_mood: null,
        detected_mood: reply.crisis ? null : reply.mood,
      });
    },
  },
  view: {
    sql: `SELECT week::text AS week, COALESCE(chosen_mood, detected_mood) AS mood, count(*)::int AS entries
            FROM report_mood_entries
           WHERE week IS NOT NULL AND COALESCE(chosen_mood, detected_mood) IS NOT NULL
           GROUP BY 1, 2 ORDER BY 1, 2`,
    columns: [
      { field: 'week', label: 'Week starting' },
      { field: 'mood', label: 'Mood' },
      { field: 'entries', label: 'Entries' },
    ],
    chart: { kind: 'bar', x: 'week', y: 'entries', series: 'mood' },
  },
  // Entries, not people: a count says nothing of who wrote them.
  privacy: { peopleCounts: [] },
};
