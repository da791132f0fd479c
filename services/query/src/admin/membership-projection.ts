import { READ_MODELS } from '@reflections/contracts/admin';
import { MembershipChanged, UserRegistered } from '@reflections/contracts/identity-events';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import { MergedRows } from '../projection-engine/merged-rows';
import type { Projector } from '../projection-engine/projector';
import { MembershipTier } from './admin-read-models.entity';
import { utcDay } from './utc-day';

const batches = perBatch((em) => ({
  tiers: new EntityBatch(em, MembershipTier),
  changes: new MergedRows({ membership_daily_changes: { columns: { day: 'date', tier: 'text', delta: 'integer' }, key: ['day', 'tier'], combine: 'sum' } }),
}));

const addToDay = (changes: MergedRows, day: string, tier: string, delta: number) => changes.write('membership_daily_changes', { day, tier, delta });

/** Membership trends: every registration and membership change, as net changes per day and tier. */
export const membershipProjection: Projector = {
  name: READ_MODELS.membership,
  tables: ['membership_tiers', 'membership_daily_changes'],
  // The batch's members' tiers, loaded with one query; one statement per table writes the batch.
  beforeBatch: async (em, events) => {
    await batches.start(em).tiers.load(em, events.map((event) => ({ userId: (event.data as { userId: string }).userId })));
  },
  afterBatch: async (em) => {
    const { tiers, changes } = batches.finish(em)!;
    await tiers.write(em);
    await changes.flush(em);
  },
  handlers: {
    UserRegistered: (em, event) => {
      const data = dataOf(UserRegistered, event);
      const { tiers, changes } = batches.of(em);
      tiers.insert({ userId: data.userId, tier: data.membershipType });
      addToDay(changes, utcDay(data.registeredAt), data.membershipType, 1);
    },
    MembershipChanged: (em, event) => {
      const data = dataOf(MembershipChanged, event);
      const { tiers, changes } = batches.of(em);
      const current = tiers.get({ userId: data.userId });
      if (!current || current.tier === data.membershipType) return;
      const day = utcDay(data.at);
      addToDay(changes, day, current.tier, -1);
      addToDay(changes, day, data.membershipType, 1);
      tiers.update(current, (row) => (row.tier = data.membershipType));
    },
  },
};
