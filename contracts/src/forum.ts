import * as t from 'io-ts';
import { PostDeleted, PostEdited, ReplyDeleted, ReplyEdited } from './forum-edits';
import { ReactionGiven, ReactionsView, ReactionWithdrawn } from './forum-reactions';
import { boundedText, withMessage } from './validation';

/**
 * The Digital Campfire forum (docs/product.md#forum-boards): one backend, two boards.
 * - 'first-responders' (variant A, /digital-campfire-forum): categories named by text id.
 * - 'campfire' (variant B, /member/forum): numbered categories.
 * Posts live on `forumPost-{postId}`; categories on FORUM_CATEGORIES_STREAM.
 */

export const ForumBoard = t.keyof({ 'first-responders': null, campfire: null });
export type ForumBoard = t.TypeOf<typeof ForumBoard>;

export const FORUM_CATEGORIES_STREAM = 'forumCategories';

export const FORUM_MESSAGES = {
  titleMin: 'Title must be at least 5 characters',
  contentMin: 'Content must be at least 20 characters',
  category: 'Please select a category',
  replyMin: 'Reply must be at least 10 characters',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  replyRequired: 'Reply is required',
  titleMax: 'Title must be at most 200 characters',
  contentMax: 'Content must be at most 10,000 characters',
  replyMax: 'Reply must be at most 5,000 characters',
  limit: 'limit must be a whole number',
  reason: 'Please tell us briefly what is wrong (at most 500 characters)',
  moderationReason: 'Please keep the reason under 500 characters',
} as const;

export const MAX_TITLE_LENGTH = 200;
export const MAX_CONTENT_LENGTH = 10_000;
export const MAX_REPLY_LENGTH = 5_000;
export const MAX_REPORT_REASON_LENGTH = 500;

/** Variant B's minimums (docs/product.md#forum-boards). */
const MIN_TITLE_LENGTH = 5;
const MIN_CONTENT_LENGTH = 20;
const MIN_REPLY_LENGTH = 10;

/** A category's text id in a query (the longest is far shorter). */
const MAX_CATEGORY_KEY_LENGTH = 64;

const anonymousFlag = t.union([t.boolean, t.undefined]);

// ---- Categories ----

export const CategoryColor = t.keyof({
  green: null,
  blue: null,
  orange: null,
  purple: null,
  amber: null,
  indigo: null,
  gray: null,
});
export type CategoryColor = t.TypeOf<typeof CategoryColor>;
export const CategoryIcon = t.keyof({
  Heart: null,
  Shield: null,
  Users: null,
  Brain: null,
  Star: null,
  Sun: null,
  MessageSquare: null,
});
export type CategoryIcon = t.TypeOf<typeof CategoryIcon>;

type CategoryDefinition = {
  readonly id: number;
  readonly board: ForumBoard;
  /** Variant A's text id (ptsd-trauma, ...); for the Campfire board, the slug. */
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly color: CategoryColor;
  readonly icon: CategoryIcon;
};

const campfire = (
  id: number,
  key: string,
  name: string,
  description: string,
  color: CategoryColor,
  icon: CategoryIcon,
): CategoryDefinition => ({
  id,
  board: 'campfire',
  key,
  name,
  description,
  color,
  icon,
});
const responders = (
  id: number,
  key: string,
  name: string,
  description: string,
  color: CategoryColor,
  icon: CategoryIcon,
): CategoryDefinition => ({
  id,
  board: 'first-responders',
  key,
  name,
  description,
  color,
  icon,
});

/**
 * Every category, appended as ForumCategoryCreated at first start (sortOrder is the position
 * within its board). Campfire ids 1-4 are the original design's; 5-6 are ours. First-responder ids start at 101.
 */
export const FORUM_CATEGORIES: readonly CategoryDefinition[] = [
  campfire(
    1,
    'inner-reflection',
    'Inner Reflection',
    'What you notice when it gets quiet: thoughts, patterns, the voice in your head.',
    'purple',
    'Brain',
  ),
  campfire(
    2,
    'brotherhood',
    'Brotherhood',
    'Friendship between men, showing up for each other, and finding your people.',
    'blue',
    'Users',
  ),
  campfire(
    3,
    'emotional-wellness',
    'Emotional Wellness',
    'Stress, grief, anger, joy: naming what you feel and carrying it well.',
    'green',
    'Heart',
  ),
  campfire(
    4,
    'personal-growth',
    'Personal Growth',
    'Habits, purpose and the slow work of becoming who you mean to be.',
    'amber',
    'Star',
  ),
  campfire(
    5,
    'fatherhood-family',
    'Fatherhood & Family',
    'Being a father, a son, a partner: the people at home and what they need from you.',
    'orange',
    'Shield',
  ),
  campfire(
    6,
    'purpose-work',
    'Purpose & Work',
    'Work, money, ambition and meaning: what the job takes and what it gives.',
    'indigo',
    'Sun',
  ),
  responders(101, 'ptsd-trauma', 'PTSD & Trauma', 'Living with what you saw on the job.', 'purple', 'Brain'),
  responders(102, 'stress-burnout', 'Stress & Burnout', 'When the shifts and the calls add up.', 'orange', 'Sun'),
  responders(
    103,
    'depression-anxiety',
    'Depression & Anxiety',
    'Low days, racing thoughts, and getting through them.',
    'indigo',
    'Heart',
  ),
  responders(104, 'sleep-disorders', 'Sleep Disorders', 'Night shifts, nightmares and finding rest.', 'blue', 'Star'),
  responders(
    105,
    'family-relationships',
    'Family & Relationships',
    'Bringing the job home, and leaving it at the door.',
    'green',
    'Users',
  ),
  responders(106, 'substance-abuse', 'Substance Use', 'Drinking, using, and the way back.', 'amber', 'Shield'),
  responders(
    107,
    'critical-incidents',
    'Critical Incidents',
    'Talking through the calls that stay with you.',
    'gray',
    'Shield',
  ),
  responders(
    108,
    'retirement-transition',
    'Retirement & Transition',
    'Life after the badge, the helmet or the ambulance.',
    'gray',
    'Sun',
  ),
  responders(109, 'peer-support', 'Peer Support', 'Having each other\u2019s backs off duty.', 'blue', 'Users'),
  responders(110, 'general', 'General Discussion', 'Anything else on your mind.', 'gray', 'MessageSquare'),
];

/** Variant A's text ids, in the original design's order ('all' is a filter only, never a post's category). */
const RESPONDER_CATEGORY_KEYS = FORUM_CATEGORIES.filter((c) => c.board === 'first-responders').map((c) => c.key);
export const DEFAULT_RESPONDER_CATEGORY = 'general';

/** A category's fields, the same in the read model's answer and in the event that creates it. */
const categoryFields = {
  board: ForumBoard,
  key: t.string,
  name: t.string,
  slug: t.string,
  description: t.string,
  color: CategoryColor,
  icon: CategoryIcon,
  sortOrder: t.number,
  isActive: t.boolean,
  createdAt: t.string,
};

export const ForumCategory = t.type({ id: t.number, ...categoryFields });
export type ForumCategory = t.TypeOf<typeof ForumCategory>;

// ---- Requests ----

/** Variant B's new post (docs/product.md#forum-boards). */
export const CampfirePostRequest = t.exact(
  t.type({
    title: boundedText({
      min: MIN_TITLE_LENGTH,
      max: MAX_TITLE_LENGTH,
      tooShort: FORUM_MESSAGES.titleMin,
      tooLong: FORUM_MESSAGES.titleMax,
      label: 'Title',
    }),
    content: boundedText({
      min: MIN_CONTENT_LENGTH,
      max: MAX_CONTENT_LENGTH,
      tooShort: FORUM_MESSAGES.contentMin,
      tooLong: FORUM_MESSAGES.contentMax,
      label: 'Content',
    }),
    categoryId: withMessage(
      Object.assign(
        new t.Type<number, number, unknown>(
          'CategoryId',
          (u): u is number => Number.isInteger(u) && (u as number) >= 1,
          (u, c) => (Number.isInteger(u) && (u as number) >= 1 ? t.success(u as number) : t.failure(u, c)),
          t.identity,
        ),
        { type: 'integer', minimum: 1 },
      ),
      FORUM_MESSAGES.category,
    ),
    isAnonymous: anonymousFlag,
  }),
);
export type CampfirePostRequest = t.TypeOf<typeof CampfirePostRequest>;

/** Variant A's new post: title and content non-empty after trimming (docs/product.md#forum-boards). */
export const ResponderPostRequest = t.exact(
  t.type({
    title: boundedText({
      min: 1,
      max: MAX_TITLE_LENGTH,
      tooShort: FORUM_MESSAGES.titleRequired,
      tooLong: FORUM_MESSAGES.titleMax,
      label: 'Title',
    }),
    content: boundedText({
      min: 1,
      max: MAX_CONTENT_LENGTH,
      tooShort: FORUM_MESSAGES.contentRequired,
      tooLong: FORUM_MESSAGES.contentMax,
      label: 'Content',
    }),
    category: withMessage(
      t.keyof(Object.fromEntries(RESPONDER_CATEGORY_KEYS.map((key) => [key, null])) as Record<string, null>),
      FORUM_MESSAGES.category,
    ),
    isAnonymous: anonymousFlag,
  }),
);
export type ResponderPostRequest = t.TypeOf<typeof ResponderPostRequest>;

/** A body naming `category` (a text id) is variant A's; anything else is held to variant B's rules. */
export const isResponderPayload = (input: unknown) =>
  typeof input === 'object' && input !== null && 'category' in input && !('categoryId' in input);

/** An edit keeps the board's rules for a new post's title and words (issue 26); the category and anonymity stay. */
export const CampfirePostEdit = t.exact(
  t.type({ title: CampfirePostRequest.type.props.title, content: CampfirePostRequest.type.props.content }),
);
export type CampfirePostEdit = t.TypeOf<typeof CampfirePostEdit>;
export const ResponderPostEdit = t.exact(
  t.type({ title: ResponderPostRequest.type.props.title, content: ResponderPostRequest.type.props.content }),
);
export type ResponderPostEdit = t.TypeOf<typeof ResponderPostEdit>;

/** Variant B's reply: at least 10 characters. */
export const CampfireReplyRequest = t.exact(
  t.type({
    content: boundedText({
      min: MIN_REPLY_LENGTH,
      max: MAX_REPLY_LENGTH,
      tooShort: FORUM_MESSAGES.replyMin,
      tooLong: FORUM_MESSAGES.replyMax,
      label: 'Reply',
    }),
    isAnonymous: anonymousFlag,
  }),
);
export type CampfireReplyRequest = t.TypeOf<typeof CampfireReplyRequest>;

/** Variant A's reply: non-empty after trimming. The board of the post decides which applies. */
export const ResponderReplyRequest = t.exact(
  t.type({
    content: boundedText({
      min: 1,
      max: MAX_REPLY_LENGTH,
      tooShort: FORUM_MESSAGES.replyRequired,
      tooLong: FORUM_MESSAGES.replyMax,
      label: 'Reply',
    }),
    isAnonymous: anonymousFlag,
  }),
);
export type ResponderReplyRequest = t.TypeOf<typeof ResponderReplyRequest>;

export const ReportRequest = t.exact(
  t.type({
    reason: boundedText({
      min: 1,
      max: MAX_REPORT_REASON_LENGTH,
      tooShort: FORUM_MESSAGES.reason,
      tooLong: FORUM_MESSAGES.reason,
      label: 'Reason',
    }),
  }),
);
export type ReportRequest = t.TypeOf<typeof ReportRequest>;

/** A moderator's why, kept on the event (issue 26); a body is optional, so older callers still work. */
export const ModerationRequest = t.exact(
  t.partial({
    reason: boundedText({
      min: 0,
      max: MAX_REPORT_REASON_LENGTH,
      tooShort: FORUM_MESSAGES.moderationReason,
      tooLong: FORUM_MESSAGES.moderationReason,
      label: 'Reason',
    }),
  }),
);
export type ModerationRequest = t.TypeOf<typeof ModerationRequest>;

/** Reports from this many different members hide a post until a moderator has looked (issue 26). */
export const REPORTS_TO_HOLD = 3;

/** A query-string number: 1 to 9 digits. */
const digitString = Object.assign(
  new t.Type<string, string, unknown>(
    'Digits',
    (u): u is string => typeof u === 'string' && /^\d{1,9}$/.test(u),
    (u, c) => (typeof u === 'string' && /^\d{1,9}$/.test(u) ? t.success(u) : t.failure(u, c)),
    t.identity,
  ),
  { pattern: '^\\d{1,9}$' },
);

/** GET /api/forum/posts query: `category` (text id), `categoryId` (number), `board`, or none for all. */
export const PostListQuery = t.exact(
  t.partial({
    category: boundedText({
      min: 0,
      max: MAX_CATEGORY_KEY_LENGTH,
      tooShort: FORUM_MESSAGES.category,
      tooLong: FORUM_MESSAGES.category,
      label: 'Category',
    }),
    categoryId: withMessage(digitString, FORUM_MESSAGES.category),
    board: ForumBoard,
    limit: withMessage(digitString, FORUM_MESSAGES.limit),
  }),
);
/** A list answers at most this many posts (pinned first, then newest). */
export const MAX_POST_PAGE = 100;

// ---- Responses ----

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** A post as a member sees it. For an anonymous post every author field is null, for everyone. */
export const ForumPostView = t.type({
  id: t.string,
  board: ForumBoard,
  userId: nullable(t.string),
  categoryId: t.number,
  /** Variant A's text id, or the Campfire category's slug. */
  category: t.string,
  title: t.string,
  content: t.string,
  isAnonymous: t.boolean,
  isPinned: t.boolean,
  /** Only ever true in an admin's view: members never receive hidden content. */
  isHidden: t.boolean,
  /** The signed-in viewer wrote it (so the author can still find their anonymous post). */
  isOwn: t.boolean,
  /** Hidden by members' reports until a moderator looks: only its author and admins ever receive it. */
  awaitingReview: t.boolean,
  /** When its author last changed it, or null. */
  editedAt: nullable(t.string),
  /** Deleted by its author: kept in place for its replies, with no title, words or author. */
  isDeleted: t.boolean,
  replyCount: t.number,
  lastReplyAt: nullable(t.string),
  lastReplyUserId: nullable(t.string),
  createdAt: t.string,
  updatedAt: t.string,
  userName: nullable(t.string),
  user: nullable(t.type({ firstName: t.string, lastName: t.string })),
  userArchetype: nullable(t.string),
});
export type ForumPostView = t.TypeOf<typeof ForumPostView>;

export const ForumReplyView = t.type({
  id: t.string,
  postId: t.string,
  userId: nullable(t.string),
  content: t.string,
  isAnonymous: t.boolean,
  isHidden: t.boolean,
  isOwn: t.boolean,
  editedAt: nullable(t.string),
  isDeleted: t.boolean,
  userName: nullable(t.string),
  user: nullable(t.type({ firstName: t.string })),
  userArchetype: nullable(t.string),
  createdAt: t.string,
});
export type ForumReplyView = t.TypeOf<typeof ForumReplyView>;

/** A post, its replies, and the support reactions of each (issue 26): the post's under `post`, a reply's under its id. */
export const ForumPostDetail = t.type({
  post: ForumPostView,
  replies: t.array(ForumReplyView),
  reactions: t.type({ post: ReactionsView, replies: t.record(t.string, ReactionsView) }),
});
export type ForumPostDetail = t.TypeOf<typeof ForumPostDetail>;

/** The answer to creating a post or a reply. `crisisResources`: show the author the crisis lines now. */
export const CreatePostResponse = t.type({ id: t.string, board: ForumBoard, crisisResources: t.boolean });
export type CreatePostResponse = t.TypeOf<typeof CreatePostResponse>;
export const AddReplyResponse = t.type({ id: t.string, postId: t.string, crisisResources: t.boolean });
export type AddReplyResponse = t.TypeOf<typeof AddReplyResponse>;
export const EditResponse = t.type({ id: t.string, crisisResources: t.boolean });
export type EditResponse = t.TypeOf<typeof EditResponse>;
export const ReportResponse = t.type({ reportId: t.string, reported: t.literal(true) });
export type ReportResponse = t.TypeOf<typeof ReportResponse>;

export const AiProfile = t.type({ primaryArchetype: t.string });
export type AiProfile = t.TypeOf<typeof AiProfile>;

export const ReportStatus = t.keyof({ open: null, actioned: null, dismissed: null });
export type ReportStatus = t.TypeOf<typeof ReportStatus>;

/** One entry of the admin's moderation queue. The author is 'Anonymous' (no id) when the content is anonymous. */
export const ModerationReportView = t.type({
  reportId: t.string,
  postId: t.string,
  replyId: nullable(t.string),
  reason: t.string,
  status: ReportStatus,
  reportedAt: t.string,
  resolvedAt: nullable(t.string),
  board: ForumBoard,
  postTitle: t.string,
  content: t.string,
  contentHidden: t.boolean,
  isAnonymous: t.boolean,
  authorId: nullable(t.string),
  authorName: t.string,
});
export type ModerationReportView = t.TypeOf<typeof ModerationReportView>;

export const ModerationQuery = t.exact(t.partial({ status: t.union([ReportStatus, t.literal('all')]) }));

// ---- Events ----

export const ForumCategoryCreated = t.type({
  type: t.literal('ForumCategoryCreated'),
  data: t.type({ categoryId: t.number, ...categoryFields }),
});
export type ForumCategoryCreated = t.TypeOf<typeof ForumCategoryCreated>;

/** authorId is kept even for anonymous posts: only the author's own views and moderation use it, never a response. */
export const PostCreated = t.type({
  type: t.literal('PostCreated'),
  data: t.type({
    postId: t.string,
    board: ForumBoard,
    categoryId: t.number,
    category: t.string,
    title: t.string,
    content: t.string,
    isAnonymous: t.boolean,
    authorId: t.string,
    createdAt: t.string,
  }),
});
export type PostCreated = t.TypeOf<typeof PostCreated>;

export const ReplyAdded = t.type({
  type: t.literal('ReplyAdded'),
  data: t.type({
    postId: t.string,
    replyId: t.string,
    content: t.string,
    isAnonymous: t.boolean,
    authorId: t.string,
    createdAt: t.string,
  }),
});
export type ReplyAdded = t.TypeOf<typeof ReplyAdded>;

/** Who moderated, when, and why (issue 26: every moderator action says why). */
const adminFields = { postId: t.string, adminId: t.string, at: t.string, reason: t.string };
const byAdmin = <P extends t.Props>(props: P) => t.type({ ...adminFields, ...props });

/** The moderators' events before they carried a reason (see event-schemas.ts): version 2 adds an empty one. */
const withEmptyReason = (v1: Record<string, unknown>) => ({ ...v1, reason: '' });
export const FORUM_MODERATION_HISTORY = Object.fromEntries(
  ['PostPinned', 'PostUnpinned', 'PostHidden', 'PostRestored', 'ReplyHidden', 'ReplyRestored', 'ReportDismissed'].map(
    (type) => [type, [withEmptyReason]],
  ),
);
export const PostPinned = t.type({ type: t.literal('PostPinned'), data: byAdmin({}) });
export type PostPinned = t.TypeOf<typeof PostPinned>;
export const PostUnpinned = t.type({ type: t.literal('PostUnpinned'), data: byAdmin({}) });
export type PostUnpinned = t.TypeOf<typeof PostUnpinned>;
export const PostHidden = t.type({ type: t.literal('PostHidden'), data: byAdmin({}) });
export type PostHidden = t.TypeOf<typeof PostHidden>;
export const PostRestored = t.type({ type: t.literal('PostRestored'), data: byAdmin({}) });
export type PostRestored = t.TypeOf<typeof PostRestored>;
export const ReplyHidden = t.type({ type: t.literal('ReplyHidden'), data: byAdmin({ replyId: t.string }) });
export type ReplyHidden = t.TypeOf<typeof ReplyHidden>;
export const ReplyRestored = t.type({ type: t.literal('ReplyRestored'), data: byAdmin({ replyId: t.string }) });
export type ReplyRestored = t.TypeOf<typeof ReplyRestored>;

/**
 * Members' reports hid a post until a moderator looks (REPORTS_TO_HOLD different members
 * since its last review). No one moderated: the reporters are on their ContentReported events.
 */
export const PostHeldForReview = t.type({
  type: t.literal('PostHeldForReview'),
  data: t.type({ postId: t.string, reporterCount: t.number, at: t.string }),
});
export type PostHeldForReview = t.TypeOf<typeof PostHeldForReview>;

/** A member flagged a post (replyId null) or a reply. Hiding the content actions its open reports. */
export const ContentReported = t.type({
  type: t.literal('ContentReported'),
  data: t.type({
    reportId: t.string,
    postId: t.string,
    replyId: nullable(t.string),
    reason: t.string,
    reporterId: t.string,
    reportedAt: t.string,
  }),
});
export type ContentReported = t.TypeOf<typeof ContentReported>;

export const ReportDismissed = t.type({ type: t.literal('ReportDismissed'), data: byAdmin({ reportId: t.string }) });
export type ReportDismissed = t.TypeOf<typeof ReportDismissed>;

/** Every event on a forumPost-{postId} stream. */
export const ForumPostEvent = t.union([
  PostCreated,
  ReplyAdded,
  PostPinned,
  PostUnpinned,
  PostHidden,
  PostRestored,
  ReplyHidden,
  ReplyRestored,
  ContentReported,
  ReportDismissed,
  PostHeldForReview,
  PostEdited,
  PostDeleted,
  ReplyEdited,
  ReplyDeleted,
  ReactionGiven,
  ReactionWithdrawn,
]);
export type ForumPostEvent = t.TypeOf<typeof ForumPostEvent>;
