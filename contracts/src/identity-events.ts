import * as t from 'io-ts';
import { ArchetypeId, MembershipType, OnboardingAnswers, Role } from './identity';

/** email-{sha256}: whoever appends first (expected revision no-stream) owns the address. */
export const EmailReserved = t.type({
  type: t.literal('EmailReserved'),
  data: t.type({ email: t.string, userId: t.string }),
});

/**
 * The registration that reserved this address failed before its member was recorded (its
 * user stream was never written): the address is free again at once.
 */
export const EmailReleased = t.type({
  type: t.literal('EmailReleased'),
  data: t.type({ email: t.string, userId: t.string }),
});

/** What an email-{sha256} stream holds. */
export const EmailEvent = t.union([EmailReserved, EmailReleased]);
export type EmailEvent = t.TypeOf<typeof EmailEvent>;

export const RegisteredVia = t.keyof({ journey: null, admin: null });
export type RegisteredVia = t.TypeOf<typeof RegisteredVia>;

export const UserRegistered = t.type({
  type: t.literal('UserRegistered'),
  data: t.type({
    userId: t.string,
    email: t.string,
    firstName: t.string,
    lastName: t.string,
    passwordHash: t.string,
    answers: t.union([OnboardingAnswers, t.null]),
    archetype: ArchetypeId,
    membershipType: MembershipType,
    registeredAt: t.string,
    /** Since schema version 2: through the journey, or created by `admin:create` (no answers). */
    registeredVia: RegisteredVia,
  }),
});

/**
 * UserRegistered's schema history (see event-schemas.ts). Version 1 had no
 * `registeredVia`: then only `admin:create` registered members without answers.
 */
export const USER_REGISTERED_UPCASTERS = [
  (v1: Record<string, unknown>) => ({ ...v1, registeredVia: v1.answers === null ? 'admin' : 'journey' }),
];

export const UserLoggedIn = t.type({
  type: t.literal('UserLoggedIn'),
  data: t.type({ userId: t.string, at: t.string }),
});
export const UserLoggedOut = t.type({
  type: t.literal('UserLoggedOut'),
  data: t.type({ userId: t.string, at: t.string }),
});
export const RoleGranted = t.type({
  type: t.literal('RoleGranted'),
  data: t.type({ userId: t.string, role: Role, at: t.string }),
});
export const PasswordChanged = t.type({
  type: t.literal('PasswordChanged'),
  data: t.type({ userId: t.string, passwordHash: t.string, at: t.string }),
});
/** Issue 24, /member/settings: the name the site greets him by. */
export const FirstNameChanged = t.type({
  type: t.literal('FirstNameChanged'),
  data: t.type({ userId: t.string, firstName: t.string, at: t.string }),
});
/** Issue 24: a new sign-in address, reserved on its email-{sha256} stream first; the old one is released. */
export const EmailChanged = t.type({
  type: t.literal('EmailChanged'),
  data: t.type({ userId: t.string, email: t.string, at: t.string }),
});
/**
 * Issue 24: a reset link was sent. Only the token's SHA-256 is kept; a newer request replaces
 * it, and the PasswordChanged it allows ends it, so a link works once and until expiresAt.
 */
export const PasswordResetRequested = t.type({
  type: t.literal('PasswordResetRequested'),
  data: t.type({ userId: t.string, tokenHash: t.string, expiresAt: t.string, at: t.string }),
});
export const MembershipChanged = t.type({
  type: t.literal('MembershipChanged'),
  data: t.type({ userId: t.string, membershipType: MembershipType, at: t.string }),
});

/** A member registered without answers took the journey signed in (issue 25): his answers and the archetype they gave him. */
export const JourneyAnswersRecorded = t.type({
  type: t.literal('JourneyAnswersRecorded'),
  data: t.type({ userId: t.string, answers: OnboardingAnswers, archetype: ArchetypeId, at: t.string }),
});

/**
 * Issue 24: the member's account was deleted, by himself or by an admin, and his data key
 * destroyed (see personal-data.ts). Carries no personal data; every read model drops or
 * anonymises what it holds of him.
 */
export const ERASURE_REASONS = {
  'own-request': 'He deleted his account himself',
  'asked-an-admin': 'He asked us to delete it',
  'duplicate-account': 'A duplicate account',
  'legal-obligation': 'A legal obligation',
} as const;
export const ErasureReason = t.keyof(ERASURE_REASONS);
export type ErasureReason = t.TypeOf<typeof ErasureReason>;

/** `erasedBy`: his own id, or the admin's. The reason is one of a fixed few: free text about him would be his data again. */
export const MemberErased = t.type({
  type: t.literal('MemberErased'),
  data: t.type({ userId: t.string, erasedBy: t.string, reason: ErasureReason, at: t.string }),
});
export type MemberErased = t.TypeOf<typeof MemberErased>;

export const IdentityEvent = t.union([
  EmailReserved,
  UserRegistered,
  UserLoggedIn,
  UserLoggedOut,
  RoleGranted,
  PasswordChanged,
  FirstNameChanged,
  EmailChanged,
  PasswordResetRequested,
  MembershipChanged,
  JourneyAnswersRecorded,
  MemberErased,
]);
export type IdentityEvent = t.TypeOf<typeof IdentityEvent>;
export type UserEvent = Exclude<IdentityEvent, t.TypeOf<typeof EmailReserved>>;
