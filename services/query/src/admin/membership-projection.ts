import type { EntityManager } from '@mikro-orm/postgresql';
import { READ_MODELS } from '@reflections/contracts/admin';
import { MembershipChanged, UserRegistered } from '@reflections/contracts/identity-events';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { utcDay } from './utc-day';

const addToDay = (em: EntityManager, day: string, tier: string, delta: number) =>
  em.execute(
    `INSERT INTO membership_daily_changes (day, tier, delta) VALUES (?, ?, ?)
     ON CONFLICT (day, tier) DO UPDATE SET delta = membership_daily_changes.delta + excluded.delta`,
    [day, tier, delta],
  );

/** Membership trends: every registration and membership change, as net changes per day and tier. */
export const membershipProjection: Projector = {
  name: READ_MODELS.membership,
  tables: ['membership_tiers', 'membership_daily_changes'],
  handlers: {
    UserRegistered: async (em, event) => {
      const data = dataOf(UserRegistered, event);
      await em.execute('INSERT INTO membership_tiers (user_id, tier) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING', [data.userId, data.membershipType]);
      await addToDay(em, utcDay(data.registeredAt), data.membershipType, 1);
    },
    MembershipChanged: async (em, event) => {
      const data = dataOf(MembershipChanged, event);
      const [current] = await em.execute<{ tier: string }[]>('SELECT tier FROM membership_tiers WHERE user_id = ? FOR UPDATE', [data.userId]);
      if (!current || current.tier === data.membershipType) return;
      const day = utcDay(data.at);
      await em.execute('UPDATE membership_tiers SET tier = ? WHERE user_id = ?', [data.membershipType, data.userId]);
      await addToDay(em, day, current.tier, -1);
      await addToDay(em, day, data.membershipType, 1);
    },
  },
};
