import { EntitySchema } from '@mikro-orm/core';

/**
 * The admin panel's aggregate read models. Projectors write them with upserts (see the
 * projections); the routes read them with SQL. One row per day, tier, member or counter.
 */

/** A member's current tier, so a MembershipChanged knows which tier it leaves. */
export class MembershipTier {
  userId!: string;
  tier!: string;
}
export const MembershipTierSchema = new EntitySchema<MembershipTier>({
  class: MembershipTier,
  tableName: 'membership_tiers',
  properties: { userId: { type: 'uuid', primary: true }, tier: { type: 'string' } },
});

/** Net members joining (+) or leaving (−) a tier on a day; summed up to a day, the counts as of that day. */
export class MembershipDailyChange {
  day!: string;
  tier!: string;
  delta!: number;
}
export const MembershipDailyChangeSchema = new EntitySchema<MembershipDailyChange>({
  class: MembershipDailyChange,
  tableName: 'membership_daily_changes',
  properties: {
    day: { type: 'date', primary: true },
    tier: { type: 'string', primary: true },
    delta: { type: 'integer' },
  },
});

/** That a member did something of a kind (journal, forum, story) on a day. */
export class MemberActiveDay {
  userId!: string;
  day!: string;
  kind!: string;
}
export const MemberActiveDaySchema = new EntitySchema<MemberActiveDay>({
  class: MemberActiveDay,
  tableName: 'member_activity',
  properties: {
    userId: { type: 'uuid', primary: true },
    day: { type: 'date', primary: true },
    kind: { type: 'string', primary: true },
  },
});

/** All-time totals (journal entries, forum posts). */
export class ActivityCounter {
  name!: string;
  value!: string;
}
export const ActivityCounterSchema = new EntitySchema<ActivityCounter>({
  class: ActivityCounter,
  tableName: 'activity_counters',
  properties: { name: { type: 'string', primary: true }, value: { type: 'bigint' } },
});

/** A sitting with RAI or a story session: from its first event to its latest. */
export class MemberSession {
  id!: string;
  userId!: string;
  kind!: string;
  startedAt!: Date;
  lastAt!: Date;
}
export const MemberSessionSchema = new EntitySchema<MemberSession>({
  class: MemberSession,
  tableName: 'member_sessions',
  properties: {
    id: { type: 'string', primary: true },
    userId: { type: 'uuid' },
    kind: { type: 'string' },
    startedAt: { type: 'Date', columnType: 'timestamptz' },
    lastAt: { type: 'Date', columnType: 'timestamptz' },
  },
});

/** How often crisis resources were shown on a day (no text, no member). */
export class CrisisDay {
  day!: string;
  count!: number;
}
export const CrisisDaySchema = new EntitySchema<CrisisDay>({
  class: CrisisDay,
  tableName: 'crisis_days',
  properties: { day: { type: 'date', primary: true }, count: { type: 'integer' } },
});
