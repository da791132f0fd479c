import type { ArchetypeId } from '@reflections/contracts/archetypes';
import type { MembershipType, OnboardingAnswers, Role } from '@reflections/contracts/identity';
import * as t from 'io-ts';
import { type ErasureReason, IdentityEvent, type UserEvent } from '@reflections/contracts/identity-events';
import { accept, type Decider, type Decision, type Rejection, reject } from '@reflections/platform/command/decider';

export type User = {
  readonly status: 'unknown' | 'registered' | 'erased';
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly passwordHash: string | null;
  readonly role: Role;
  readonly membershipType: MembershipType;
  /** The newest password reset link (its hash) and when it stops working; null once used or never asked for. */
  readonly reset: { readonly tokenHash: string; readonly expiresAt: string } | null;
  /** Whether the journey's answers are on record: from registration, or taken later signed in. */
  readonly answered: boolean;
};

export const initialUser: User = {
  status: 'unknown',
  userId: '',
  email: '',
  firstName: '',
  passwordHash: null,
  role: 'member',
  membershipType: 'free',
  reset: null,
  answered: false,
};

export function evolveUser(state: User, event: UserEvent): User {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'registered',
        userId: event.data.userId,
        email: event.data.email,
        firstName: event.data.firstName,
        passwordHash: event.data.passwordHash || null,
        role: 'member',
        membershipType: event.data.membershipType,
        reset: null,
        answered: event.data.answers !== null,
      };
    case 'RoleGranted':
      return { ...state, role: event.data.role };
    case 'PasswordChanged':
      // Whatever changed the password, an earlier reset link no longer works.
      return { ...state, passwordHash: event.data.passwordHash, reset: null };
    case 'FirstNameChanged':
      return { ...state, firstName: event.data.firstName };
    case 'EmailChanged':
      return { ...state, email: event.data.email };
    case 'PasswordResetRequested':
      return { ...state, reset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'MembershipChanged':
      return { ...state, membershipType: event.data.membershipType };
    case 'JourneyAnswersRecorded':
      return { ...state, answered: true };
    case 'MemberErased':
      return { ...initialUser, status: 'erased', userId: state.userId };
    case 'UserLoggedIn':
    case 'UserLoggedOut':
      return state;
  }
}

export type RegisterUser = {
  type: 'RegisterUser';
  userId: string;
  email: string;
  firstName: string;
  passwordHash: string;
  answers: OnboardingAnswers | null;
  archetype: ArchetypeId;
  now: string;
};
export type LogIn = { type: 'LogIn'; passwordMatches: boolean; now: string };
export type LogOut = { type: 'LogOut'; now: string };
export type GrantRole = { type: 'GrantRole'; role: Role; now: string };
export type ChangePassword = { type: 'ChangePassword'; passwordHash: string; now: string };
export type ChangeFirstName = { type: 'ChangeFirstName'; firstName: string; now: string };
/** The new address is reserved on its email stream before this is decided. */
export type ChangeEmail = { type: 'ChangeEmail'; email: string; passwordMatches: boolean; now: string };
/** The member's own change in settings, confirmed by his current password. */
export type ChangeOwnPassword = {
  type: 'ChangeOwnPassword';
  passwordMatches: boolean;
  passwordHash: string;
  now: string;
};
export type RequestPasswordReset = { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string; now: string };
export type ResetPassword = { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: string };
export type ChangeMembership = { type: 'ChangeMembership'; membershipType: MembershipType; now: string };
/** An admin's change of a member's membership type, role or both, decided and appended together. */
export type ChangeAccess = {
  type: 'ChangeAccess';
  membershipType: MembershipType | undefined;
  role: Role | undefined;
  now: string;
};
export type RecordJourneyAnswers = {
  type: 'RecordJourneyAnswers';
  answers: OnboardingAnswers;
  archetype: ArchetypeId;
  now: string;
};
/** Issue 24: his account ends (he confirmed with his password, or an admin did it). */
export type EraseMember = { type: 'EraseMember'; erasedBy: string; reason: ErasureReason; now: string };
export type UserCommand =
  | RegisterUser
  | LogIn
  | LogOut
  | GrantRole
  | ChangePassword
  | ChangeFirstName
  | ChangeEmail
  | ChangeOwnPassword
  | RequestPasswordReset
  | ResetPassword
  | ChangeMembership
  | ChangeAccess
  | RecordJourneyAnswers
  | EraseMember;

export type UserRejection =
  | 'AlreadyRegistered'
  | 'NotRegistered'
  | 'WrongPassword'
  | 'NeedsPasswordSetup'
  | 'ResetLinkInvalid'
  | 'AlreadyAnswered';
export function decideUser(command: UserCommand, state: User): Decision<UserEvent, Rejection<UserRejection>> {
  if (command.type === 'RegisterUser') {
    if (state.status !== 'unknown') return reject('AlreadyRegistered');
    const { type: _type, now, ...data } = command;
    return accept({
      type: 'UserRegistered',
      data: {
        ...data,
        lastName: '',
        membershipType: 'free',
        registeredAt: now,
        registeredVia: data.answers === null ? 'admin' : 'journey',
      },
    });
  }
  // Erased once: asked again (a retry whose answer was lost), nothing more to record.
  if (command.type === 'EraseMember' && state.status === 'erased') return accept();
  if (state.status !== 'registered') return reject('NotRegistered');
  switch (command.type) {
    case 'LogIn':
      if (state.passwordHash === null) return reject('NeedsPasswordSetup');
      if (!command.passwordMatches) return reject('WrongPassword');
      return accept({ type: 'UserLoggedIn', data: { userId: state.userId, at: command.now } });
    case 'LogOut':
      return accept({ type: 'UserLoggedOut', data: { userId: state.userId, at: command.now } });
    case 'GrantRole':
      return state.role === command.role
        ? accept()
        : accept({ type: 'RoleGranted', data: { userId: state.userId, role: command.role, at: command.now } });
    case 'ChangePassword':
      return accept({
        type: 'PasswordChanged',
        data: { userId: state.userId, passwordHash: command.passwordHash, at: command.now },
      });
    case 'ChangeFirstName':
      return state.firstName === command.firstName
        ? accept()
        : accept({
            type: 'FirstNameChanged',
            data: { userId: state.userId, firstName: command.firstName, at: command.now },
          });
    case 'ChangeEmail':
      if (!command.passwordMatches) return reject('WrongPassword');
      return state.email === command.email
        ? accept()
        : accept({ type: 'EmailChanged', data: { userId: state.userId, email: command.email, at: command.now } });
    case 'ChangeOwnPassword':
      if (!command.passwordMatches) return reject('WrongPassword');
      return accept({
        type: 'PasswordChanged',
        data: { userId: state.userId, passwordHash: command.passwordHash, at: command.now },
      });
    case 'RequestPasswordReset':
      return accept({
        type: 'PasswordResetRequested',
        data: { userId: state.userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt, at: command.now },
      });
    case 'ResetPassword':
      if (state.reset === null || state.reset.tokenHash !== command.tokenHash || command.now >= state.reset.expiresAt)
        return reject('ResetLinkInvalid');
      return accept({
        type: 'PasswordChanged',
        data: { userId: state.userId, passwordHash: command.passwordHash, at: command.now },
      });
    case 'ChangeMembership':
      return state.membershipType === command.membershipType
        ? accept()
        : accept({
            type: 'MembershipChanged',
            data: { userId: state.userId, membershipType: command.membershipType, at: command.now },
          });
    case 'ChangeAccess': {
      const changes: UserEvent[] = [];
      if (command.membershipType !== undefined && command.membershipType !== state.membershipType) {
        changes.push({
          type: 'MembershipChanged',
          data: { userId: state.userId, membershipType: command.membershipType, at: command.now },
        });
      }
      if (command.role !== undefined && command.role !== state.role)
        changes.push({ type: 'RoleGranted', data: { userId: state.userId, role: command.role, at: command.now } });
      return accept(...changes);
    }
    case 'RecordJourneyAnswers':
      // Answers are recorded once: the archetype, the reports and the dashboard were built from them.
      if (state.answered) return reject('AlreadyAnswered');
      return accept({
        type: 'JourneyAnswersRecorded',
        data: { userId: state.userId, answers: command.answers, archetype: command.archetype, at: command.now },
      });
    case 'EraseMember':
      return accept({
        type: 'MemberErased',
        data: { userId: state.userId, erasedBy: command.erasedBy, reason: command.reason, at: command.now },
      });
  }
}

export const userDecider: Decider<User, UserCommand, UserEvent, Rejection<UserRejection>> = {
  // IdentityEvent also names EmailReserved, which is only ever on an address's stream.
  codec: IdentityEvent as unknown as t.Type<UserEvent, unknown, unknown>,
  initialState: initialUser,
  evolve: evolveUser,
  decide: decideUser,
};
