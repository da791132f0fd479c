import * as t from 'io-ts';
import { boundedText, emailAddress, withMessage } from './validation';

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

export const MAX_CONTACT_NAME_LENGTH = 100;
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;

/** POST /api/contact (spec 001 §3, §5). */
export const ContactRequest = t.exact(
  t.type({
    name: boundedText({ min: 2, max: MAX_CONTACT_NAME_LENGTH, tooShort: CONTACT_MESSAGES.name, label: 'Name', singleLine: true }),
    email: emailAddress(CONTACT_MESSAGES.email),
    interest: ContactInterest,
    message: boundedText({ min: 10, max: MAX_CONTACT_MESSAGE_LENGTH, tooShort: CONTACT_MESSAGES.message, label: 'Message' }),
  }),
);
export type ContactRequest = t.TypeOf<typeof ContactRequest>;

export const ContactMessageReceived = t.type({
  type: t.literal('ContactMessageReceived'),
  data: t.type({ messageId: t.string, name: t.string, email: t.string, interest: t.string, message: t.string, receivedAt: t.string }),
});
export type ContactMessageReceived = t.TypeOf<typeof ContactMessageReceived>;

export const ContactResponse = t.type({ id: t.string, received: t.literal(true) });
