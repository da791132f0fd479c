import { FlushMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MembershipChanged, RoleGranted, UserLoggedIn, UserRegistered } from '@reflections/contracts/identity-events';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { UserAccount } from './user-account.entity';

async function updateUser(em: EntityManager, userId: string, change: (user: UserAccount) => void) {
  // beforeBatch loaded every member the batch touches, and members it registers are in the
  // identity map too: no flush before the lookup (MikroORM's default), so no round trip per event.
  const user = await em.findOne(UserAccount, { id: userId }, { flushMode: FlushMode.COMMIT });
  if (user) change(user);
}

export const usersProjection: Projector = {
  name: 'users',
  tables: ['user_accounts'],
  // One query loads every member the batch touches; the handlers then find them in the identity map.
  beforeBatch: async (em, events) => {
    const ids = [...new Set(events.map((event) => (event.data as { userId?: unknown }).userId).filter((id): id is string => typeof id === 'string'))];
    if (ids.length > 0) await em.find(UserAccount, { id: { $in: ids } });
  },
  handlers: {
    UserRegistered: (em, event) => {
      const data = dataOf(UserRegistered, event);
      em.create(UserAccount, {
        id: data.userId,
        email: data.email,
        firstName: data.firstName,
        lastName: data.lastName,
        role: 'member',
        membershipType: data.membershipType,
        archetype: data.archetype,
        answers: data.answers,
        createdAt: new Date(data.registeredAt),
        lastLoginAt: null,
        loginCount: 0,
      });
    },
    UserLoggedIn: (em, event) => {
      const data = dataOf(UserLoggedIn, event);
      return updateUser(em, data.userId, (user) => {
        user.lastLoginAt = new Date(data.at);
        user.loginCount += 1;
      });
    },
    RoleGranted: (em, event) => {
      const data = dataOf(RoleGranted, event);
      return updateUser(em, data.userId, (user) => (user.role = data.role));
    },
    MembershipChanged: (em, event) => {
      const data = dataOf(MembershipChanged, event);
      return updateUser(em, data.userId, (user) => (user.membershipType = data.membershipType));
    },
  },
};
