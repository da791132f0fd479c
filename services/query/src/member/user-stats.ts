import type { EntityManager } from '@mikro-orm/postgresql';
import { MOOD_SCORES, type UserStats } from '@reflections/contracts/dashboard';
import { JournalEntry, moodOf } from '../journal/journal-entry.entity';

/** The newest reflections the mood chart shows. */
const MOOD_POINTS = 30;

/**
 * GET /api/user/stats from the journal read model. A reflection is anything the member
 * wrote to RAI outside the test page; averageMood is the mean of their moods on the
 * 1 to 5 scale of MOOD_SCORES, to one decimal, or null while none has a mood.
 */
export async function userStats(em: EntityManager, userId: string): Promise<UserStats> {
  const entries = await em.find(JournalEntry, { userId, source: { $ne: 'ai-test' } }, { orderBy: { createdAt: 'asc', id: 'asc' }, fields: ['chosenMood', 'detectedMood', 'createdAt'] });
  const moods = entries.flatMap((entry) => {
    const mood = moodOf(entry);
    return mood ? [{ at: entry.createdAt.toISOString(), mood, score: MOOD_SCORES[mood] }] : [];
  });
  const averageMood = moods.length === 0 ? null : Math.round((moods.reduce((sum, m) => sum + m.score, 0) / moods.length) * 10) / 10;
  return { averageMood, totalReflections: entries.length, moodOverTime: moods.slice(-MOOD_POINTS) };
}
