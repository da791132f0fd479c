import { READ_MODELS } from '@reflections/contracts/admin';
import {
  JourneyAnswersRecorded,
  EmailChanged,
  FirstNameChanged,
  MembershipChanged,
  RoleGranted,
  UserLoggedIn,
  UserRegistered,
} from '@reflections/contracts/identity-events';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { UserAccountSchema } from './user-account.entity';
import { ERASED_NAME } from '@reflections/contracts/personal-data';
import { boundQuery } from '../projection-engine/bound-query';

export const usersProjection = entityProjection({
  name: READ_MODELS.users,
  entity: UserAccountSchema,
  keyOf: (event) => ({ id: (event.data as { userId?: string }).userId }),
  // The row stays, so counts keep counting him and his named forum posts read "Deleted member"; nothing in it names him.
  forgetMember: async (em, userId) => {
    await boundQuery(
      em,
      `UPDATE user_accounts SET email = 'deleted-' || id || '@erased.invalid', first_name = ?, last_name = '', answers = NULL WHERE id = ?`,
      [ERASED_NAME, userId],
    );
  },
  handlers: {
    UserRegistered: (accounts, event) => {
      const data = dataOf(UserRegistered, event);
      accounts.insert({
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
    UserLoggedIn: (accounts, event) => {
      const data = dataOf(UserLoggedIn, event);
      accounts.update({ id: data.userId }, (user) => {
        user.lastLoginAt = new Date(data.at);
        user.loginCount += 1;
      });
    },
    RoleGranted: (accounts, event) => {
      const data = dataOf(RoleGranted, event);
      accounts.update({ id: data.userId }, (user) => (user.role = data.role));
    },
    MembershipChanged: (accounts, event) => {
      const data = dataOf(MembershipChanged, event);
      accounts.update({ id: data.userId }, (user) => (user.membershipType = data.membershipType));
    },
    FirstNameChanged: (accounts, event) => {
      const data = dataOf(FirstNameChanged, event);
      accounts.update({ id: data.userId }, (user) => (user.firstName = data.firstName));
    },
    EmailChanged: (accounts, event) => {
      const data = dataOf(EmailChanged, event);
      accounts.update({ id: data.userId }, (user) => (user.email = data.email));
    },
    JourneyAnswersRecorded: (accounts, event) => {
      const data = dataOf(JourneyAnswersRecorded, event);
      accounts.update({ id: data.userId }, (user) => {
        user.answers = data.answers;
        user.archetype = data.archetype;
      });
    },
  },
});
