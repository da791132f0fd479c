import type { UserEvent } from '@reflections/contracts/identity-events';
import { decideUser, evolveUser, initialUser, type UserCommand } from './user-decider';

const now = '2026-11-22T10:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'a@example.com', firstName: 'Ari', lastName: '', passwordHash: 'scrypt$hash', answers: null, archetype: 'judge', membershipType: 'free', registeredAt: now, registeredVia: 'admin' },
};
const given = (...events: UserEvent[]) => events.reduce(evolveUser, initialUser);
const when = (command: UserCommand, ...events: UserEvent[]) => decideUser(command, given(...events));

describe('user decider', () => {
  it('registers a new user as a free member', () => {
    const decision = when({ type: 'RegisterUser', userId: 'u1', email: 'a@example.com', firstName: 'Ari', passwordHash: 'scrypt$hash', answers: null, archetype: 'judge', now });
    expect(decision).toEqual({ ok: true, events: [registered] });
  });

  it('refuses to register the same user twice', () => {
    expect(when({ type: 'RegisterUser', userId: 'u1', email: 'a@example.com', firstName: 'Ari', passwordHash: 'h', answers: null, archetype: 'judge', now }, registered)).toEqual({
      ok: false,
      reason: 'AlreadyRegistered',
    });
  });

  it('logs in only with a matching password', () => {
    expect(when({ type: 'LogIn', passwordMatches: true, now }, registered)).toEqual({ ok: true, events: [{ type: 'UserLoggedIn', data: { userId: 'u1', at: now } }] });
    expect(when({ type: 'LogIn', passwordMatches: false, now }, registered)).toEqual({ ok: false, reason: 'WrongPassword' });
    expect(when({ type: 'LogIn', passwordMatches: true, now })).toEqual({ ok: false, reason: 'NotRegistered' });
  });

  it('asks an account without a password to set one up through the journey', () => {
    const withoutPassword: UserEvent = { ...registered, data: { ...registered.data, passwordHash: '' } } as UserEvent;
    expect(when({ type: 'LogIn', passwordMatches: false, now }, withoutPassword)).toEqual({ ok: false, reason: 'NeedsPasswordSetup' });
  });

  it('grants the admin role once and is idempotent after', () => {
    const granted: UserEvent = { type: 'RoleGranted', data: { userId: 'u1', role: 'admin', at: now } };
    expect(when({ type: 'GrantRole', role: 'admin', now }, registered)).toEqual({ ok: true, events: [granted] });
    expect(when({ type: 'GrantRole', role: 'admin', now }, registered, granted)).toEqual({ ok: true, events: [] });
    expect(given(registered, granted).role).toBe('admin');
  });

  it('replaces the password hash', () => {
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$new', at: now } };
    expect(when({ type: 'ChangePassword', passwordHash: 'scrypt$new', now }, registered)).toEqual({ ok: true, events: [changed] });
    expect(given(registered, changed).passwordHash).toBe('scrypt$new');
  });

  it('changes the membership type, and does nothing when it is already that type', () => {
    const upgraded: UserEvent = { type: 'MembershipChanged', data: { userId: 'u1', membershipType: 'premium', at: now } };
    expect(when({ type: 'ChangeMembership', membershipType: 'premium', now }, registered)).toEqual({ ok: true, events: [upgraded] });
    expect(when({ type: 'ChangeMembership', membershipType: 'premium', now }, registered, upgraded)).toEqual({ ok: true, events: [] });
    expect(when({ type: 'ChangeMembership', membershipType: 'vip', now })).toEqual({ ok: false, reason: 'NotRegistered' });
  });

  describe('journey answers of a signed-in member (issue 25)', () => {
    const answers = {
      gender: 'Male', age: '32–40', innerLandscape: 'storm', voiceInHead: 'critic', presenceInRoom: 'smooth', returnToSelf: ['nature'], seeking: 'calm',
      emotionRegulation: 'push-down', wishOthersKnew: 'x', futureMessage: 'y', invisibleWeight: 'providing', innerStrength: 'loyalty', emotionalWall: 'burden', peaceMeans: 'quiet-mind', coreDrive: 'harmony',
    };
    const record: UserCommand = { type: 'RecordJourneyAnswers', answers, archetype: 'peacemaker', now };
    const recorded: UserEvent = { type: 'JourneyAnswersRecorded', data: { userId: 'u1', answers, archetype: 'peacemaker', at: now } };

    it('given a member registered without answers, when he answers, then his answers and archetype are recorded', () => {
      expect(when(record, registered)).toEqual({ ok: true, events: [recorded] });
    });

    it('given answers already recorded, when he answers again, then it is refused', () => {
      expect(when(record, registered, recorded)).toEqual({ ok: false, reason: 'AlreadyAnswered' });
    });

    it('given a member who answered at registration, when he answers, then it is refused', () => {
      const throughJourney: UserEvent = { ...registered, data: { ...registered.data, answers, registeredVia: 'journey' } } as UserEvent;
      expect(when(record, throughJourney)).toEqual({ ok: false, reason: 'AlreadyAnswered' });
    });

    it('given no member, when answers arrive, then it is refused', () => {
      expect(when(record)).toEqual({ ok: false, reason: 'NotRegistered' });
    });
  });
});
