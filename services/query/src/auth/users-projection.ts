import { JourneyAnswersRecorded, EmailChanged, FirstNameChanged, MembershipChanged, RoleGranted, UserLoggedIn, UserRegistered } from '@reflections/contracts/identity-events';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { UserAccount } from './user-account.entity';
import { ERASED_NAME } from '@reflections/contracts/personal-data';
import { boundQuery } from '../projection-engine/bound-query';

const accounts = perBatch((em) => new EntityBatch(em, UserAccount));

export const usersProjection: Projector = {
  name: 'users',
  tables: ['user_accounts'],
  // The row stays, so counts keep counting him and his named forum posts read "Deleted member"; nothing in it names him.
  forgetMember: async (em, userId) => {
    await boundQuery(em, `UPDATE user_accounts SET email = 'deleted-' || id || '@erased.invalid', first_name = ?, last_name = '', answers = NULL WHERE id = ?`, [ERASED_NAME, userId]);
  },
  // One query loads every member the batch touches; one statement writes them back.
  beforeBatch: async (em, events) => {
    const ids = events.map((event) => (event.data as { userId?: unknown }).userId).filter((id): id is string => typeof id === 'string');
    await accounts.start(em).load(em, ids.map((id) => ({ id })));
  },
  afterBatch: (em) => accounts.finish(em)!.write(em),
  handlers: {
    UserRegistered: (em, event) => {
      const data = dataOf(UserRegistered, event);
      accounts.of(em).insert({
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
      accounts.of(em).update({ id: data.userId }, (user) => {
        user.lastLoginAt = new Date(data.at);
        user.loginCount += 1;
      });
    },
    RoleGranted: (em, event) => {
      const data = dataOf(RoleGranted, event);
      accounts.of(em).update({ id: data.userId }, (user) => (user.role = data.role));
    },
    MembershipChanged: (em, event) => {
      const data = dataOf(MembershipChanged, event);
      accounts.of(em).update({ id: data.userId }, (user) => (user.membershipType = data.membershipType));
    },
    FirstNameChanged: (em, event) => {
      const data = dataOf(FirstNameChanged, event);
      accounts.of(em).update({ id: data.userId }, (user) => (user.firstName = data.firstName));
    },
    EmailChanged: (em, event) => {
      const data = dataOf(EmailChanged, event);
      accounts.of(em).update({ id: data.userId }, (user) => (user.email = data.email));
    },
    JourneyAnswersRecorded: (em, event) => {
      const data = dataOf(JourneyAnswersRecorded, event);
      accounts.of(em).update({ id: data.userId }, (user) => {
        user.answers = data.answers;
        user.archetype = data.archetype;
      });
    },
  },
};
