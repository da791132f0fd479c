import { JOURNEY_QUESTIONS } from './onboarding';

/**
 * Erasure by crypto-shredding (issue 24). Each event type that carries a member's personal
 * data says here which fields are his and which field names him. The event store encrypts
 * those fields with his data key on append and decrypts them on every read; once his key is
 * destroyed they read as the placeholders below, which every projection applies like any
 * other value. What is not listed stays plain on purpose: ids, timestamps, moods, the
 * archetype, the journey's choice answers (picked from fixed lists; the reports count them),
 * and what admins write (moderation reasons, announcements). Contact messages are not tied to
 * an account and stay plain in the admin inbox.
 */
export type PersonalData = {
  /** The field naming the member whose key encrypts the fields, or CAUSED_BY: the event's metadata.causedBy. */
  readonly owner: string;
  /** Personal fields (a dotted path reaches into an object) and what each reads as once he is erased. */
  readonly fields: Readonly<Record<string, unknown>>;
  /**
   * The owner field itself (and the event's causedBy) is personal: always, or when this
   * boolean field is true. An anonymous post's link to its author is readable only while
   * his key exists.
   */
  readonly hidesOwner?: true | string;
};

/** An owner that is not in the event's data but in its metadata: who caused it. */
export const CAUSED_BY = '$causedBy';

/** The member id an erased link reads as (the nil UUID: valid wherever an id is kept). */
export const ERASED_MEMBER_ID = '00000000-0000-0000-0000-000000000000';
export const ERASED_NAME = 'Deleted member';
export const ERASED_EMAIL = 'deleted-member@erased.invalid';
export const ERASED_TEXT = 'This was removed when its author deleted his account.';

/** The free-text answers of the journey: his own words, unlike its choices. */
const JOURNEY_TEXT_ANSWERS = Object.fromEntries(
  JOURNEY_QUESTIONS.filter((question) => question.kind === 'text').map((question) => [`answers.${question.field}`, '']),
);

const forumText = { content: ERASED_TEXT };

export const PERSONAL_DATA: Readonly<Record<string, PersonalData>> = {
  EmailReserved: { owner: 'userId', fields: { email: ERASED_EMAIL } },
  EmailReleased: { owner: 'userId', fields: { email: ERASED_EMAIL } },
  UserRegistered: {
    owner: 'userId',
    fields: { email: ERASED_EMAIL, firstName: ERASED_NAME, lastName: '', passwordHash: '', ...JOURNEY_TEXT_ANSWERS },
  },
  FirstNameChanged: { owner: 'userId', fields: { firstName: ERASED_NAME } },
  EmailChanged: { owner: 'userId', fields: { email: ERASED_EMAIL } },
  PasswordChanged: { owner: 'userId', fields: { passwordHash: '' } },
  JourneyAnswersRecorded: { owner: 'userId', fields: JOURNEY_TEXT_ANSWERS },
  JournalEntrySubmitted: { owner: 'userId', fields: { text: ERASED_TEXT } },
  RaiReplyGenerated: { owner: 'userId', fields: { reply: ERASED_TEXT, insights: [] } },
  StoryResponseSubmitted: { owner: 'userId', fields: { response: ERASED_TEXT, nextPrompt: null } },
  StoryCompleted: { owner: 'userId', fields: { storyText: ERASED_TEXT } },
  PeaceResponseRecorded: { owner: 'userId', fields: { response: ERASED_TEXT } },
  SessionBooked: { owner: 'userId', fields: { userName: ERASED_NAME } },
  PostCreated: { owner: 'authorId', fields: { title: ERASED_TEXT, ...forumText }, hidesOwner: 'isAnonymous' },
  ReplyAdded: { owner: 'authorId', fields: forumText, hidesOwner: 'isAnonymous' },
  // Edits, deletions and withdrawn reactions do not say whether the post was anonymous: their author link is always hidden.
  PostEdited: { owner: 'authorId', fields: { title: ERASED_TEXT, ...forumText }, hidesOwner: true },
  PostDeleted: { owner: 'authorId', fields: {}, hidesOwner: true },
  ReplyEdited: { owner: 'authorId', fields: forumText, hidesOwner: true },
  ReplyDeleted: { owner: 'authorId', fields: {}, hidesOwner: true },
  ReactionGiven: { owner: 'memberId', fields: {}, hidesOwner: 'isAnonymous' },
  ReactionWithdrawn: { owner: 'memberId', fields: {}, hidesOwner: true },
  ContentReported: { owner: 'reporterId', fields: { reason: ERASED_TEXT } },
  // Its time is his post's: the link to a post he made anonymously is readable only while his key exists.
  SlowModePostCounted: { owner: 'memberId', fields: {}, hidesOwner: true },
  // Shown beside an anonymous post as well as in his journal: who saw them is his link to that post.
  CrisisResourcesShown: { owner: CAUSED_BY, fields: {}, hidesOwner: true },
};
