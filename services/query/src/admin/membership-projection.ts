import { READ_MODELS } from '@reflections/contracts/admin';
import { MembershipChanged, UserRegistered } from '@reflections/contracts/identity-events';
import { EntityBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import { MergedRows } from '../projection-engine/merged-rows';
import { readModelProjection } from '../projection-engine/read-model-projection';
import { MembershipTier } from './admin-read-models.entity';
import { utcDay } from './utc-day';

const addToDay = (changes: MergedRows, day: string, tier: string, delta: number) =>
  changes.add('membership_daily_changes', { day, tier, delta });

/** Membership trends: every registration and membership change, as net changes per day and tier. */
export const membershipProjection = readModelProjection({
  name: READ_MODELS.membership,
  tables: ['membership_tiers', 'membership_daily_changes'],
  rows: (em) => ({
    tiers: new EntityBatch(em, MembershipTier),
    changes: new MergedRows({
      membership_daily_changes: {
        columns: { day: 'date', tier: 'text', delta: 'integer' },
        key: ['day', 'tier'],
        combine: 'sum',
      },
    }),
  }),
  load: (rows, em, events) =>
    rows.tiers.load(
      em,
      events.map((event) => ({ userId: (event.data as { userId?: string }).userId })),
    ),
  handlers: {
    UserRegistered: ({ tiers, changes }, event) => {
      const data = dataOf(UserRegistered, event);
      tiers.insert({ userId: data.userId, tier: data.membershipType });
      addToDay(changes, utcDay(data.registeredAt), data.membershipType, 1);
    },
    MembershipChanged: ({ tiers, changes }, event) => {
      const data = dataOf(MembershipChanged, event);
      const current = tiers.get({ userId: data.userId });
      if (!current || current.tier === data.membershipType) return;
      const day = utcDay(data.at);
      addToDay(changes, day, current.tier, -1);
      addToDay(changes, day, data.membershipType, 1);
      tiers.update(current, (row) => (row.tier = data.membershipType));
    },
  },
});
