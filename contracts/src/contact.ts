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
// Only a client that sends a kind the form does not offer ever sees this.
const KIND_MESSAGE = 'Choose message, data-export or data-erasure';

export const ContactInterest = withMessage(
  t.keyof(
    Object.fromEntries(CONTACT_INTERESTS.map((i) => [i.value, null])) as Record<
      (typeof CONTACT_INTERESTS)[number]['value'],
      null
    >,
  ),
  CONTACT_MESSAGES.interest,
);

/**
 * What a message asks for. The privacy page sends erasure and export requests "through the
 * contact page", so they must stand out in the admin's inbox: the form may say so, and a
 * message that does not is read by `contactKindOf`.
 */
export const CONTACT_KINDS = [
  { value: 'message', label: 'A question or a message' },
  { value: 'data-export', label: 'A copy of my data' },
  { value: 'data-erasure', label: 'Deleting my account and data' },
] as const;
export const ContactKind = t.keyof({ message: null, 'data-export': null, 'data-erasure': null });
export type ContactKind = t.TypeOf<typeof ContactKind>;

const ERASURE = /\b(delete|erase|remove)\b[^.?!]{0,40}\b(account|data|profile|me)\b|\berasure\b|right to be forgotten/i;
const EXPORT =
  /\b(export|download|copy|send)\b[^.?!]{0,40}\b(my|all)\b[^.?!]{0,20}\bdata\b|\bdata portability\b|\bsubject access\b/i;

/** The rule for a message whose sender did not say: erasure first, as it is the one that cannot wait. */
export function contactKindOf(message: string): ContactKind {
  if (ERASURE.test(message)) return 'data-erasure';
  if (EXPORT.test(message)) return 'data-export';
  return 'message';
}

export const MAX_CONTACT_NAME_LENGTH = 100;
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;

/** POST /api/contact (docs/product.md#contact-calls); `kind` when the form says what the message asks for (else `contactKindOf`). */
export const ContactRequest = t.exact(
  t.intersection([
    t.type({
      name: boundedText({
        min: 2,
        max: MAX_CONTACT_NAME_LENGTH,
        tooShort: CONTACT_MESSAGES.name,
        label: 'Name',
        singleLine: true,
      }),
      email: emailAddress(CONTACT_MESSAGES.email),
      interest: ContactInterest,
      message: boundedText({
        min: 10,
        max: MAX_CONTACT_MESSAGE_LENGTH,
        tooShort: CONTACT_MESSAGES.message,
        label: 'Message',
      }),
    }),
    t.partial({ kind: withMessage(ContactKind, KIND_MESSAGE) }),
  ]),
);
export type ContactRequest = t.TypeOf<typeof ContactRequest>;

export const ContactMessageReceived = t.type({
  type: t.literal('ContactMessageReceived'),
  data: t.type({
    messageId: t.string,
    name: t.string,
    email: t.string,
    interest: t.string,
    kind: ContactKind,
    message: t.string,
    receivedAt: t.string,
  }),
});
export type ContactMessageReceived = t.TypeOf<typeof ContactMessageReceived>;

export const ContactResponse = t.type({ id: t.string, received: t.literal(true) });

/** Version 1 of ContactMessageReceived had no kind: it is read from the words. */
export const CONTACT_MESSAGE_UPCASTERS = [
  (data: Record<string, unknown>) => ({ ...data, kind: contactKindOf(String(data.message ?? '')) }),
];

export const ContactStatus = t.keyof({ new: null, answered: null, closed: null });
export type ContactStatus = t.TypeOf<typeof ContactStatus>;
export const CONTACT_STATUSES: readonly ContactStatus[] = ['new', 'answered', 'closed'];

export const CONTACT_INBOX_MESSAGES = {
  notFound: 'No such contact message',
  backwards: 'A message moves from new to answered to closed, never back',
  status: 'Choose new, answered or closed',
  page: 'page must be a whole number from 1 to 1000',
} as const;

export const ContactMessageStatusChanged = t.type({
  type: t.literal('ContactMessageStatusChanged'),
  data: t.type({ messageId: t.string, status: ContactStatus, changedBy: t.string, changedAt: t.string }),
});
export type ContactMessageStatusChanged = t.TypeOf<typeof ContactMessageStatusChanged>;

export const ContactMessageEvent = t.union([ContactMessageReceived, ContactMessageStatusChanged]);
export type ContactMessageEvent = t.TypeOf<typeof ContactMessageEvent>;

/** POST /api/admin/contact-messages/{id}/status */
export const ChangeContactStatusRequest = t.exact(
  t.type({ status: withMessage(ContactStatus, CONTACT_INBOX_MESSAGES.status) }),
);
export type ChangeContactStatusRequest = t.TypeOf<typeof ChangeContactStatusRequest>;

export const CONTACT_INBOX_PAGE_SIZE = 20;
const MAX_INBOX_PAGE = 1000;
const pageNumber = withMessage(
  Object.assign(
    new t.Type<number, string, unknown>(
      'PageNumber',
      (u): u is number => typeof u === 'number',
      (u, c) => {
        const n = typeof u === 'string' && /^\d{1,4}$/.test(u) ? Number(u) : NaN;
        return n >= 1 && n <= MAX_INBOX_PAGE ? t.success(n) : t.failure(u, c);
      },
      String,
    ),
    { type: 'integer', minimum: 1, maximum: MAX_INBOX_PAGE },
  ),
  CONTACT_INBOX_MESSAGES.page,
);

/** GET /api/admin/contact-messages?status=&page=: newest first, CONTACT_INBOX_PAGE_SIZE a page. */
export const ContactInboxQuery = t.exact(
  t.partial({ status: withMessage(ContactStatus, CONTACT_INBOX_MESSAGES.status), page: pageNumber }),
);
export type ContactInboxQuery = t.TypeOf<typeof ContactInboxQuery>;

export const ContactMessageView = t.type({
  id: t.string,
  name: t.string,
  email: t.string,
  interest: t.string,
  kind: ContactKind,
  message: t.string,
  status: ContactStatus,
  receivedAt: t.string,
  statusChangedAt: t.union([t.string, t.null]),
});
export type ContactMessageView = t.TypeOf<typeof ContactMessageView>;

export const ContactInboxPage = t.type({
  messages: t.array(ContactMessageView),
  total: t.number,
  page: t.number,
  pageSize: t.number,
});
export type ContactInboxPage = t.TypeOf<typeof ContactInboxPage>;
