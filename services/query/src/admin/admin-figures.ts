import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type AdminStats,
  type CommunityPulse,
  CRISIS_DETECTION_DAYS,
  type CrisisDetectionDay,
  type CrisisDetections,
  type MembershipTrendEntry,
  TREND_DAYS,
} from '@reflections/contracts/admin';
import { COUNTERS } from './pulse-projection';
import { daysBefore, utcDay } from './utc-day';

/** "Active" means signed in (registering signs you in) within this many days. */
export const ACTIVE_DAYS = 30;
/** Weekly engagement and the crisis count look at the last 7 days, today included. */
const WEEK_DAYS = 7;

type Counts = Record<string, string | number>;
const num = (value: string | number | null | undefined) => Number(value ?? 0);

export async function adminStats(em: EntityManager, now: Date): Promise<AdminStats> {
  const [row] = await em.execute<Counts[]>(
    `SELECT count(*) AS total,
            count(*) FILTER (WHERE greatest(created_at, coalesce(last_login_at, created_at)) >= ?::timestamptz - interval '${ACTIVE_DAYS} days') AS active,
            count(*) FILTER (WHERE membership_type = 'free') AS free,
            count(*) FILTER (WHERE membership_type = 'premium') AS premium,
            count(*) FILTER (WHERE membership_type = 'vip') AS vip
       FROM user_accounts`,
    [now.toISOString()],
  );
  return {
    totalUsers: num(row.total),
    activeUsers: num(row.active),
    freeUsers: num(row.free),
    premiumUsers: num(row.premium),
    vipUsers: num(row.vip),
  };
}

/**
 * One entry per day for the last TREND_DAYS days (fewer when the platform is younger),
 * each the members per tier as of the end of that day: every net change up to it, summed.
 */
export async function membershipTrends(em: EntityManager, now: Date): Promise<MembershipTrendEntry[]> {
  const today = utcDay(now);
  const [first] = await em.execute<{ day: string | null }[]>(
    `SELECT to_char(min(day), 'YYYY-MM-DD') AS day FROM membership_daily_changes`,
  );
  if (!first?.day || first.day > today) return [];
  const windowStart = daysBefore(today, TREND_DAYS - 1);
  const start = first.day > windowStart ? first.day : windowStart;
  const before = await em.execute<{ tier: string; total: string }[]>(
    'SELECT tier, sum(delta) AS total FROM membership_daily_changes WHERE day < ? GROUP BY tier',
    [start],
  );
  const changes = await em.execute<{ day: string; tier: string; delta: number }[]>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, tier, delta FROM membership_daily_changes WHERE day >= ? AND day <= ? ORDER BY day`,
    [start, today],
  );
  const running: Record<string, number> = { free: 0, premium: 0, vip: 0 };
  for (const { tier, total } of before) running[tier] = num(total);
  const entries: MembershipTrendEntry[] = [];
  let next = 0;
  for (let day = start; day <= today; day = daysBefore(day, -1)) {
    for (; next < changes.length && changes[next].day === day; next++)
      running[changes[next].tier] = (running[changes[next].tier] ?? 0) + changes[next].delta;
    entries.push({ date: day, free: running.free, premium: running.premium, vip: running.vip });
  }
  return entries;
}

/**
 * weeklyEngagement: members who wrote to RAI or the journal, posted or replied in the forum, or
 *   worked on their story in the last 7 days.
 * activeJournalers: members with a journal entry (any source) in the last 30 days.
 * totalJournalEntries, totalForumPosts: all time (forum posts without replies).
 * activeForumUsers: members who posted or replied in the last 30 days.
 * avgSessionDuration: seconds from first to last event of the sittings with RAI and the story
 *   sessions that started in the last 30 days (a sitting ends after 30 minutes of quiet).
 */
export async function communityPulse(em: EntityManager, now: Date): Promise<CommunityPulse> {
  const today = utcDay(now);
  const weekStart = daysBefore(today, WEEK_DAYS - 1);
  const monthStart = daysBefore(today, ACTIVE_DAYS - 1);
  const [activity] = await em.execute<Counts[]>(
    `SELECT count(DISTINCT user_id) FILTER (WHERE day >= ?) AS weekly,
            count(DISTINCT user_id) FILTER (WHERE kind = 'journal') AS journalers,
            count(DISTINCT user_id) FILTER (WHERE kind = 'forum') AS forum
       FROM member_activity WHERE day >= ? AND day <= ?`,
    [weekStart, monthStart, today],
  );
  const counters = await em.execute<{ name: string; value: string }[]>('SELECT name, value FROM activity_counters');
  const counter = (name: string) => num(counters.find((row) => row.name === name)?.value);
  const [sessions] = await em.execute<Counts[]>(
    `SELECT coalesce(round(avg(extract(epoch FROM last_at - started_at))), 0) AS average FROM member_sessions WHERE started_at >= ?::date AND started_at < ?::date + 1`,
    [monthStart, today],
  );
  return {
    weeklyEngagement: num(activity.weekly),
    activeJournalers: num(activity.journalers),
    totalJournalEntries: counter(COUNTERS.journalEntries),
    totalForumPosts: counter(COUNTERS.forumPosts),
    activeForumUsers: num(activity.forum),
    avgSessionDuration: num(sessions.average),
  };
}

/** Per day of the last CRISIS_DETECTION_DAYS, today included: where the crisis resources were shown, and the story banners dismissed. */
export async function crisisDetections(em: EntityManager, now: Date): Promise<CrisisDetections> {
  const today = utcDay(now);
  const start = daysBefore(today, CRISIS_DETECTION_DAYS - 1);
  const rows = await em.execute<{ day: string; place: string; count: number }[]>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, place, count FROM crisis_places WHERE day >= ? AND day <= ?",
    [start, today],
  );
  const days: CrisisDetectionDay[] = [];
  for (let day = start; day <= today; day = daysBefore(day, -1))
    days.push({ day, journal: 0, chat: 0, story: 0, forum: 0, rai: 0, dismissed: 0 });
  for (const row of rows) {
    const counted = days.find((d) => d.day === row.day);
    if (counted && row.place in counted && row.place !== 'day')
      counted[row.place as Exclude<keyof CrisisDetectionDay, 'day'>] += num(row.count);
  }
  return { days };
}

/** How many times crisis resources were shown in the last 7 days, today included. */
export async function crisisCountThisWeek(em: EntityManager, now: Date): Promise<number> {
  const today = utcDay(now);
  const [row] = await em.execute<Counts[]>(
    'SELECT coalesce(sum(count), 0) AS total FROM crisis_days WHERE day >= ? AND day <= ?',
    [daysBefore(today, WEEK_DAYS - 1), today],
  );
  return num(row.total);
}
