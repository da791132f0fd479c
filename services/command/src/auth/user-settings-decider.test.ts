import type { UserEvent } from '@reflections/contracts/identity-events';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { evolveUser, initialUser, userDecider } from './user-decider';

/** /member/settings and password reset (issue 24): given events, when a command, then events. */
const now = '2026-11-24T10:00:00.000Z';
const later = '2026-11-24T10:31:00.000Z';
const expiresAt = '2026-11-24T10:30:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'a@example.com',
    firstName: 'Ari',
    lastName: '',
    passwordHash: 'scrypt$old',
    answers: null,
    archetype: 'judge',
    membershipType: 'free',
    registeredAt: now,
    registeredVia: 'admin',
  },
};
const resetRequested: UserEvent = {
  type: 'PasswordResetRequested',
  data: { userId: 'u1', tokenHash: 'hash-1', expiresAt, at: now },
};
const stateAfter = (...events: UserEvent[]) => events.reduce(evolveUser, initialUser);
const { given } = deciderSpecification(userDecider);
const passwordChanged = (passwordHash: string): UserEvent => ({
  type: 'PasswordChanged',
  data: { userId: 'u1', passwordHash, at: now },
});

describe('user decider: settings', () => {
  it('changes the first name, and does nothing when it is the same', () => {
    const changed: UserEvent = { type: 'FirstNameChanged', data: { userId: 'u1', firstName: 'Sam', at: now } };
    given(registered).when({ type: 'ChangeFirstName', firstName: 'Sam', now }).then(changed);
    expect(stateAfter(registered, changed).firstName).toBe('Sam');
    given(registered).when({ type: 'ChangeFirstName', firstName: 'Ari', now }).then();
    given().when({ type: 'ChangeFirstName', firstName: 'Sam', now }).thenRejects('NotRegistered');
  });

  it('changes the email only with the right password', () => {
    const changed: UserEvent = { type: 'EmailChanged', data: { userId: 'u1', email: 'b@example.com', at: now } };
    given(registered).when({ type: 'ChangeEmail', email: 'b@example.com', passwordMatches: true, now }).then(changed);
    expect(stateAfter(registered, changed).email).toBe('b@example.com');
    given(registered)
      .when({ type: 'ChangeEmail', email: 'b@example.com', passwordMatches: false, now })
      .thenRejects('WrongPassword');
  });

  it('changes his own password only with the current one', () => {
    given(registered)
      .when({ type: 'ChangeOwnPassword', passwordMatches: true, passwordHash: 'scrypt$new', now })
      .then(passwordChanged('scrypt$new'));
    given(registered)
      .when({ type: 'ChangeOwnPassword', passwordMatches: false, passwordHash: 'scrypt$new', now })
      .thenRejects('WrongPassword');
  });
});

describe('user decider: password reset', () => {
  it('records a reset link by its hash and end', () => {
    given(registered).when({ type: 'RequestPasswordReset', tokenHash: 'hash-1', expiresAt, now }).then(resetRequested);
    given().when({ type: 'RequestPasswordReset', tokenHash: 'hash-1', expiresAt, now }).thenRejects('NotRegistered');
  });

  it('resets the password with the newest link, before it expires', () => {
    given(registered, resetRequested)
      .when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'scrypt$new', now })
      .then(passwordChanged('scrypt$new'));
  });

  it('refuses a link used once already, an expired one, a replaced one and one never sent', () => {
    given(registered, resetRequested, passwordChanged('scrypt$new'))
      .when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'x', now })
      .thenRejects('ResetLinkInvalid');
    given(registered, resetRequested)
      .when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'x', now: later })
      .thenRejects('ResetLinkInvalid');
    const replaced: UserEvent = {
      type: 'PasswordResetRequested',
      data: { userId: 'u1', tokenHash: 'hash-2', expiresAt, at: now },
    };
    given(registered, resetRequested, replaced)
      .when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'x', now })
      .thenRejects('ResetLinkInvalid');
    given(registered)
      .when({ type: 'ResetPassword', tokenHash: 'hash-1', passwordHash: 'x', now })
      .thenRejects('ResetLinkInvalid');
  });
});
