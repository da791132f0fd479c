import type { UserEvent } from '@reflections/contracts/identity-events';
import { decideUser, evolveUser, initialUser, type UserCommand } from './user-decider';

/** /member/settings and password reset (issue 24): given events, when a command, then events. */
const now = '2026-11-24T10:00:00.000Z';
const later = '2026-11-24T10:31:00.000Z';
const expiresAt = '2026-11-24T10:30:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'a@example.com', firstName: 'Ari', lastName: '', passwordHash: 'scrypt$old', answers: null, archetype: 'judge', membershipType: 'free', registeredAt: now, registeredVia: 'admin' },
};
const resetRequested: UserEvent = { type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'hash-1', expiresAt, at: now } };
const given = (...events: UserEvent[]) => events.reduce(evolveUser, initialUser);
const when = (command: UserCommand, ...events: UserEvent[]) => decideUser(command, given(...events));
const passwordChanged = (passwordHash: string): UserEvent => ({ type: 'PasswordChanged', data: { userId: 'u1', passwordHash, at: now } });

describe('user decider: settings', () => {
  it('changes the first name, and does nothing when it is the same', () => {
    const changed: UserEvent = { type: 'FirstNameChanged', data: { userId: 'u1', firstName: 'Sam', at: now } };
    expect(when({ type: 'ChangeFirstName', firstName: 'Sam', now }, registered)).toEqual({ ok: true, events: [changed] });
    expect(given(registered, changed).firstName).toBe('Sam');
    expect(when({ type: 'ChangeFirstName', firstName: 'Ari', now }, registered)).toEqual({ ok: true, events: [] });
    expect(when({ type: 'ChangeFirstName', firstName: 'Sam', now })).toEqual({ ok: false, reason: 'NotRegistered' });
  });

  it('changes the email only with the right password', () => {
    const changed: UserEvent = { type: 'EmailChanged', data: { userId: 'u1', email: 'b@example.com', at: now } };
    expect(when({ type: 'ChangeEmail', email: 'b@example.com', passwordMatches: true, now }, registered)).toEqual({ ok: true, events: [changed] });
    expect(given(registered, changed).email).toBe('b@example.com');
    expect(when({ type: 'ChangeEmail', email: 'b@example.com', passwordMatches: false, now }, registered)).toEqual({ ok: false, reason: 'WrongPassword' });
  });

  it('changes his own password only with the current one', () => {
    expect(when({ type: 'ChangeOwnPassword', passwordMatches: true, passwordHash: 'scrypt$new', now }, registered)).toEqual({ ok: true, events: [passwordChanged('scrypt$new')] });
    expect(when({ type: 'ChangeOwnPassword', passwordMatches: false, passwordHash: 'scrypt$new', now }, registered)).toEqual({ ok: false, reason: 'WrongPassword' });
  });
});

describe('user decider: password reset', () => {
  it('records a reset link by its hash and end', () => {
    expect(when({ type: 'RequestPasswordReset', tokenHash: 'hash-1', expiresAt, now }, registered)).toEqual({ ok: true, events: [resetRequested] });
    expect(when({ type: 'RequestPasswordReset', tokenHash: 'hash-1', expiresAt, now })).toEqual({ ok: false, reason: 'NotRegistered' });
  });

  it('resets the password with the newest link, before it expires', () => {
    expect(when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'scrypt$new', now }, registered, resetRequested)).toEqual({ ok: true, events: [passwordChanged('scrypt$new')] });
  });

  it('refuses a link used once already, an expired one, a replaced one and one never sent', () => {
    const refused = { ok: false, reason: 'ResetLinkInvalid' };
    expect(when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'x', now }, registered, resetRequested, passwordChanged('scrypt$new'))).toEqual(refused);
    expect(when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'x', now: later }, registered, resetRequested)).toEqual(refused);
    const replaced: UserEvent = { type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'hash-2', expiresAt, at: now } };
    expect(when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'x', now }, registered, resetRequested, replaced)).toEqual(refused);
    expect(when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'x', now }, registered)).toEqual(refused);
  });
});
