import type { UserEvent } from '@reflections/contracts/identity-events';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { evolveUser, initialUser, type UserCommand, userDecider } from './user-decider';
import { journeyAnswers } from '@reflections/testing/journey-answers';

const now = '2026-11-22T10:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'a@example.com',
    firstName: 'Ari',
    lastName: '',
    passwordHash: 'scrypt$hash',
    answers: null,
    archetype: 'judge',
    membershipType: 'free',
    registeredAt: now,
    registeredVia: 'admin',
  },
};
const stateAfter = (...events: UserEvent[]) => events.reduce(evolveUser, initialUser);
const { given } = deciderSpecification(userDecider);

describe('user decider', () => {
  it('registers a new user as a free member', () => {
    given()
      .when({
        type: 'RegisterUser',
        userId: 'u1',
        email: 'a@example.com',
        firstName: 'Ari',
        passwordHash: 'scrypt$hash',
        answers: null,
        archetype: 'judge',
        now,
      })
      .then(registered);
  });

  it('refuses to register the same user twice', () => {
    given(registered)
      .when({
        type: 'RegisterUser',
        userId: 'u1',
        email: 'a@example.com',
        firstName: 'Ari',
        passwordHash: 'h',
        answers: null,
        archetype: 'judge',
        now,
      })
      .thenRejects('AlreadyRegistered');
  });

  it('logs in only with a matching password', () => {
    given(registered)
      .when({ type: 'LogIn', passwordMatches: true, now })
      .then({ type: 'UserLoggedIn', data: { userId: 'u1', at: now } });
    given(registered).when({ type: 'LogIn', passwordMatches: false, now }).thenRejects('WrongPassword');
    given().when({ type: 'LogIn', passwordMatches: true, now }).thenRejects('NotRegistered');
  });

  it('asks an account without a password to set one up through the journey', () => {
    const withoutPassword: UserEvent = { ...registered, data: { ...registered.data, passwordHash: '' } } as UserEvent;
    given(withoutPassword).when({ type: 'LogIn', passwordMatches: false, now }).thenRejects('NeedsPasswordSetup');
  });

  it('grants the admin role once and is idempotent after', () => {
    const granted: UserEvent = { type: 'RoleGranted', data: { userId: 'u1', role: 'admin', at: now } };
    given(registered).when({ type: 'GrantRole', role: 'admin', now }).then(granted);
    given(registered, granted).when({ type: 'GrantRole', role: 'admin', now }).then();
    expect(stateAfter(registered, granted).role).toBe('admin');
  });

  it('replaces the password hash', () => {
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$new', at: now } };
    given(registered).when({ type: 'ChangePassword', passwordHash: 'scrypt$new', now }).then(changed);
    expect(stateAfter(registered, changed).passwordHash).toBe('scrypt$new');
  });

  it('changes the membership type, and does nothing when it is already that type', () => {
    const upgraded: UserEvent = {
      type: 'MembershipChanged',
      data: { userId: 'u1', membershipType: 'premium', at: now },
    };
    given(registered).when({ type: 'ChangeMembership', membershipType: 'premium', now }).then(upgraded);
    given(registered, upgraded).when({ type: 'ChangeMembership', membershipType: 'premium', now }).then();
    given().when({ type: 'ChangeMembership', membershipType: 'vip', now }).thenRejects('NotRegistered');
  });

  it("changes a member's membership and role together, only what differs, and nothing for no one", () => {
    const upgraded: UserEvent = {
      type: 'MembershipChanged',
      data: { userId: 'u1', membershipType: 'premium', at: now },
    };
    const granted: UserEvent = { type: 'RoleGranted', data: { userId: 'u1', role: 'admin', at: now } };
    given(registered)
      .when({ type: 'ChangeAccess', membershipType: 'premium', role: 'admin', now })
      .then(upgraded, granted);
    given(registered, upgraded)
      .when({ type: 'ChangeAccess', membershipType: 'premium', role: 'admin', now })
      .then(granted);
    given(registered).when({ type: 'ChangeAccess', membershipType: 'free', role: undefined, now }).then();
    given()
      .when({ type: 'ChangeAccess', membershipType: 'premium', role: undefined, now })
      .thenRejects('NotRegistered');
  });

  describe('journey answers of a signed-in member (issue 25)', () => {
    const answers = journeyAnswers();
    const record: UserCommand = { type: 'RecordJourneyAnswers', answers, archetype: 'peacemaker', now };
    const recorded: UserEvent = {
      type: 'JourneyAnswersRecorded',
      data: { userId: 'u1', answers, archetype: 'peacemaker', at: now },
    };

    it('given a member registered without answers, when he answers, then his answers and archetype are recorded', () => {
      given(registered).when(record).then(recorded);
    });

    it('given answers already recorded, when he answers again, then it is refused', () => {
      given(registered, recorded).when(record).thenRejects('AlreadyAnswered');
    });

    it('given a member who answered at registration, when he answers, then it is refused', () => {
      const throughJourney: UserEvent = {
        ...registered,
        data: { ...registered.data, answers, registeredVia: 'journey' },
      } as UserEvent;
      given(throughJourney).when(record).thenRejects('AlreadyAnswered');
    });

    it('given no member, when answers arrive, then it is refused', () => {
      given().when(record).thenRejects('NotRegistered');
    });
  });
});
