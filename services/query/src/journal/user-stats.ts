import type { EntityManager } from '@mikro-orm/postgresql';
import { MOOD_SCORES, type UserStats } from '@reflections/contracts/dashboard';
import { JournalEntry, moodOf } from './journal-entry.entity';

/** The newest reflections the mood chart shows. */
const MOOD_POINTS = 30;

/**
 * GET /api/user/stats from the journal read model. A reflection is anything the member
 * wrote to RAI outside the test page; averageMood is the mean of their moods on the
 * 1 to 5 scale of MOOD_SCORES, to one decimal, or null while none has a mood. A reflection
 * RAI answered with the crisis resources counts as a reflection but is left out of the
 * average and the chart: a hard night is not a point on a line, least of all a high one.
 */
export async function userStats(em: EntityManager, userId: string): Promise<UserStats> {
  const entries = await em.find(
    JournalEntry,
    { userId, source: { $ne: 'ai-test' } },
    { orderBy: { createdAt: 'asc', id: 'asc' }, fields: ['chosenMood', 'detectedMood', 'crisis', 'createdAt'] },
  );
  const moods = entries.flatMap((entry) => {
    const mood = entry.crisis ? null : moodOf(entry);
    return mood ? [{ at: entry.createdAt.toISOString(), mood, score: MOOD_SCORES[mood] }] : [];
  });
  const averageMood =
    moods.length === 0 ? null : Math.round((moods.reduce((sum, m) => sum + m.score, 0) / moods.length) * 10) / 10;
  return { averageMood, totalReflections: entries.length, moodOverTime: moods.slice(-MOOD_POINTS) };
}
