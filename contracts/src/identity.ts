import * as t from 'io-ts';
import { ARCHETYPE_IDS } from './archetypes';
import { isAcceptablePassword, JOURNEY_QUESTIONS, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './onboarding';
import { boundedText, emailAddress, passwordText, withMessage } from './validation';

export const MESSAGES = {
  firstNameRequired: 'First name is required',
  emailInvalid: 'Please enter a valid email address.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  /** Checked on the server only: the list of common passwords stays out of the SPA's bundle. */
  passwordTooCommon: 'Please choose a less common password.',
  termsRequired: 'Accepting the terms is required',
  emailTaken: 'An account with this email already exists',
  loginMissing: 'Please enter both email and password',
  loginFailed: 'Invalid email or password',
  needsPasswordSetup:
    'This account was created via a previous sign-in provider. Please create a new account through the journey flow.',
  signedOut: 'Please sign in',
  journeyAnswered: 'Your journey answers are already on record.',
} as const;

export const ROLES = ['member', 'admin'] as const;
export const Role = t.keyof({ member: null, admin: null });
export type Role = t.TypeOf<typeof Role>;

/** free is shown to members as Explorer. */
export const MembershipType = t.keyof({ free: null, premium: null, vip: null });
export type MembershipType = t.TypeOf<typeof MembershipType>;
export const MEMBERSHIP_LABELS: Record<MembershipType, string> = { free: 'Explorer', premium: 'Premium', vip: 'VIP' };

export const ArchetypeId = t.keyof(
  Object.fromEntries(ARCHETYPE_IDS.map((id) => [id, null])) as Record<(typeof ARCHETYPE_IDS)[number], null>,
);

/** The journey's limits, for the forms to show. */
export const MAX_FIRST_NAME_LENGTH = 100;
export const MAX_JOURNEY_ANSWER_LENGTH = 2000;
/** A password to sign in with: longer than registration ever allowed, so no member is locked out, and bounded because hashing costs. */
export const MAX_SIGN_IN_PASSWORD_LENGTH = 1024;
/** An address to sign in with: as wide as the read model's column was before registration bounded it. */
export const MAX_SIGN_IN_EMAIL_LENGTH = 320;
/** What a client may send as `archetype` (the server assigns it; the journey sends an empty string). */
const MAX_SENT_ARCHETYPE_LENGTH = 64;

const question = (field: string) => {
  const found = JOURNEY_QUESTIONS.find((q) => q.field === field);
  if (!found) throw new Error(`no journey question for ${field}`);
  return found;
};

/** One of the question's choices; a keyof, so the OpenAPI document lists them. */
const oneOf = (field: string) => {
  const q = question(field);
  const allowed = q.kind === 'text' ? [] : q.choices.map((c) => c.value);
  return withMessage(
    t.keyof(Object.fromEntries(allowed.map((value) => [value, null])) as Record<string, null>, `OneOf(${field})`),
    `An answer to "${q.question}" is required`,
  );
};

const manyOf = (field: string) => {
  const q = question(field);
  const allowed = q.kind === 'text' ? [] : q.choices.map((c) => c.value);
  const valid = (u: unknown): u is string[] =>
    Array.isArray(u) &&
    u.length > 0 &&
    u.length <= allowed.length &&
    u.every((v) => typeof v === 'string' && allowed.includes(v));
  return withMessage(
    Object.assign(
      new t.Type<string[], string[], unknown>(
        `ManyOf(${field})`,
        valid,
        (u, c) => (valid(u) ? t.success([...new Set(u)]) : t.failure(u, c)),
        t.identity,
      ),
      {
        type: 'array',
        items: { enum: allowed },
        minItems: 1,
        maxItems: allowed.length,
      },
    ),
    `At least one answer to "${q.question}" is required`,
  );
};

const freeText = (field: string, label: string) => {
  const message = `An answer to "${question(field).question}" is required (at most ${MAX_JOURNEY_ANSWER_LENGTH} characters)`;
  return boundedText({ min: 1, max: MAX_JOURNEY_ANSWER_LENGTH, tooShort: message, tooLong: message, label });
};

/** A member's first name, from the journey or from `admin:create`. */
export const FirstName = boundedText({
  min: 1,
  max: MAX_FIRST_NAME_LENGTH,
  tooShort: MESSAGES.firstNameRequired,
  label: 'First name',
  singleLine: true,
});

/** The journey's questions, as the registration and a signed-in member's answers both carry them. */
const journeyAnswerProps = {
  gender: oneOf('gender'),
  age: oneOf('age'),
  innerLandscape: oneOf('innerLandscape'),
  voiceInHead: oneOf('voiceInHead'),
  presenceInRoom: oneOf('presenceInRoom'),
  returnToSelf: manyOf('returnToSelf'),
  seeking: oneOf('seeking'),
  emotionRegulation: oneOf('emotionRegulation'),
  wishOthersKnew: freeText('wishOthersKnew', 'Your answer'),
  futureMessage: freeText('futureMessage', 'Your message'),
  invisibleWeight: oneOf('invisibleWeight'),
  innerStrength: oneOf('innerStrength'),
  emotionalWall: oneOf('emotionalWall'),
  peaceMeans: oneOf('peaceMeans'),
  coreDrive: oneOf('coreDrive'),
};

/** A password being chosen: at registration, in settings, through a reset link (the server also refuses common ones). */
export const NewPassword = passwordText({
  min: MIN_PASSWORD_LENGTH,
  max: MAX_PASSWORD_LENGTH,
  tooShort: MESSAGES.passwordTooShort,
  tooLong: MESSAGES.passwordTooLong,
  acceptable: isAcceptablePassword,
});

/** POST /api/auth/register: the journey's answers (docs/product.md#identity-calls). */
export const RegisterRequest = t.exact(
  t.type({
    firstName: FirstName,
    ...journeyAnswerProps,
    email: emailAddress(MESSAGES.emailInvalid),
    password: NewPassword,
    acceptedTerms: withMessage(t.literal(true), MESSAGES.termsRequired),
    archetype: boundedText({
      min: 0,
      max: MAX_SENT_ARCHETYPE_LENGTH,
      tooShort: 'archetype must be a string (send an empty string)',
      tooLong: 'archetype must be a string (send an empty string)',
      label: 'archetype',
    }),
  }),
);
export type RegisterRequest = t.TypeOf<typeof RegisterRequest>;

/**
 * POST /api/auth/journey-answers: the journey of a signed-in member who has no answers yet
 * (an admin made by `admin:create`, an account from an earlier sign-in provider; issue 25).
 * He has a name, an email and a password already: only the questions.
 */
export const JourneyAnswersRequest = t.exact(t.type(journeyAnswerProps));
export type JourneyAnswersRequest = t.TypeOf<typeof JourneyAnswersRequest>;

/** The onboarding answers kept on the member's profile (everything but credentials). */
export const OnboardingAnswers = t.type({
  gender: t.string,
  age: t.string,
  innerLandscape: t.string,
  voiceInHead: t.string,
  presenceInRoom: t.string,
  returnToSelf: t.array(t.string),
  seeking: t.string,
  emotionRegulation: t.string,
  wishOthersKnew: t.string,
  futureMessage: t.string,
  invisibleWeight: t.string,
  innerStrength: t.string,
  emotionalWall: t.string,
  peaceMeans: t.string,
  coreDrive: t.string,
});
export type OnboardingAnswers = t.TypeOf<typeof OnboardingAnswers>;

/** POST /api/auth/login */
export const LoginRequest = t.exact(
  t.type({
    email: boundedText({ min: 1, max: MAX_SIGN_IN_EMAIL_LENGTH, tooShort: MESSAGES.loginMissing, label: 'Email' }),
    password: passwordText({
      min: 1,
      max: MAX_SIGN_IN_PASSWORD_LENGTH,
      tooShort: MESSAGES.loginMissing,
      tooLong: `Password must be at most ${MAX_SIGN_IN_PASSWORD_LENGTH} characters long.`,
    }),
  }),
);
export type LoginRequest = t.TypeOf<typeof LoginRequest>;

/** The signed-in user as GET /api/auth/user and the login answer show it. */
export const AuthUser = t.type({
  id: t.string,
  email: t.string,
  firstName: t.string,
  lastName: t.string,
  role: Role,
  membershipType: MembershipType,
  archetype: ArchetypeId,
  createdAt: t.string,
});
export type AuthUser = t.TypeOf<typeof AuthUser>;

export const LoginResponse = t.type({
  user: t.type({ id: t.string, email: t.string, firstName: t.string, role: Role }),
});
export type LoginResponse = t.TypeOf<typeof LoginResponse>;

export const LoginFailure = t.intersection([t.type({ error: t.string }), t.partial({ needsPasswordSetup: t.boolean })]);
export type LoginFailure = t.TypeOf<typeof LoginFailure>;

export const RegisterResponse = t.type({ user: AuthUser });
export type RegisterResponse = t.TypeOf<typeof RegisterResponse>;

/** The archetype the answers gave the member. */
export const JourneyAnswersResponse = t.type({ archetype: ArchetypeId });
export type JourneyAnswersResponse = t.TypeOf<typeof JourneyAnswersResponse>;
