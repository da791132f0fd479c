import * as t from 'io-ts';
import { emailAddress, trimmedString, withMessage } from './validation';

export const CONTACT_INTERESTS = [
  { value: 'coaching', label: 'Personal Coaching' },
  { value: 'retreats', label: 'Retreats & Workshops' },
  { value: 'youth-programs', label: 'Youth Programs' },
  { value: 'breathwork', label: 'Breathwork & Meditation' },
  { value: 'community', label: 'Community & Connection' },
  { value: 'corporate', label: 'Corporate Programs' },
  { value: 'other', label: 'Other' },
] as const;

export const CONTACT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  interest: 'Please select your interest',
  message: 'Message must be at least 10 characters',
} as const;

export const ContactInterest = withMessage(
  t.keyof(Object.fromEntries(CONTACT_INTERESTS.map((i) => [i.value, null])) as Record<(typeof CONTACT_INTERESTS)[number]['value'], null>),
  CONTACT_MESSAGES.interest,
);

const MAX_MESSAGE = 5000;

/** POST /api/contact (spec 001 §3, §5). */
export const ContactRequest = t.exact(
  t.type({
    name: trimmedString(2, CONTACT_MESSAGES.name),
    email: emailAddress(CONTACT_MESSAGES.email),
    interest: ContactInterest,
    message: withMessage(
      new t.Type<string, string, unknown>(
        'Message',
        (u): u is string => typeof u === 'string' && u.trim().length >= 10 && u.length <= MAX_MESSAGE,
        (u, c) => (typeof u === 'string' && u.trim().length >= 10 && u.length <= MAX_MESSAGE ? t.success(u.trim()) : t.failure(u, c)),
        t.identity,
      ),
      CONTACT_MESSAGES.message,
    ),
  }),
);
export type ContactRequest = t.TypeOf<typeof ContactRequest>;

export const ContactMessageReceived = t.type({
  type: t.literal('ContactMessageReceived'),
  data: t.type({ messageId: t.string, name: t.string, email: t.string, interest: t.string, message: t.string, receivedAt: t.string }),
});
export type ContactMessageReceived = t.TypeOf<typeof ContactMessageReceived>;

export const ContactResponse = t.type({ id: t.string, received: t.literal(true) });
