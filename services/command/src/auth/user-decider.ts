import type { ArchetypeId } from '@reflections/contracts/archetypes';
import type { MembershipType, OnboardingAnswers, Role } from '@reflections/contracts/identity';
import type { UserEvent } from '@reflections/contracts/identity-events';

export type User = {
  readonly status: 'unknown' | 'registered';
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly passwordHash: string | null;
  readonly role: Role;
  readonly membershipType: MembershipType;
};

export const initialUser: User = { status: 'unknown', userId: '', email: '', firstName: '', passwordHash: null, role: 'member', membershipType: 'free' };

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
      };
    case 'RoleGranted':
      return { ...state, role: event.data.role };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'MembershipChanged':
      return { ...state, membershipType: event.data.membershipType };
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
export type ChangeMembership = { type: 'ChangeMembership'; membershipType: MembershipType; now: string };
export type UserCommand = RegisterUser | LogIn | LogOut | GrantRole | ChangePassword | ChangeMembership;

export type UserRejection = 'AlreadyRegistered' | 'NotRegistered' | 'WrongPassword' | 'NeedsPasswordSetup';
export type Decision = { ok: true; events: UserEvent[] } | { ok: false; reason: UserRejection };

const accept = (...events: UserEvent[]): Decision => ({ ok: true, events });
const reject = (reason: UserRejection): Decision => ({ ok: false, reason });

export function decideUser(command: UserCommand, state: User): Decision {
  if (command.type === 'RegisterUser') {
    if (state.status === 'registered') return reject('AlreadyRegistered');
    const { type: _type, now, ...data } = command;
    return accept({
      type: 'UserRegistered',
      data: { ...data, lastName: '', membershipType: 'free', registeredAt: now, registeredVia: data.answers === null ? 'admin' : 'journey' },
    });
  }
  if (state.status !== 'registered') return reject('NotRegistered');
  switch (command.type) {
    case 'LogIn':
      if (state.passwordHash === null) return reject('NeedsPasswordSetup');
      if (!command.passwordMatches) return reject('WrongPassword');
      return accept({ type: 'UserLoggedIn', data: { userId: state.userId, at: command.now } });
    case 'LogOut':
      return accept({ type: 'UserLoggedOut', data: { userId: state.userId, at: command.now } });
    case 'GrantRole':
      return state.role === command.role ? accept() : accept({ type: 'RoleGranted', data: { userId: state.userId, role: command.role, at: command.now } });
    case 'ChangePassword':
      return accept({ type: 'PasswordChanged', data: { userId: state.userId, passwordHash: command.passwordHash, at: command.now } });
    case 'ChangeMembership':
      return state.membershipType === command.membershipType
        ? accept()
        : accept({ type: 'MembershipChanged', data: { userId: state.userId, membershipType: command.membershipType, at: command.now } });
  }
}
