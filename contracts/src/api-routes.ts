import * as t from 'io-ts';
import { MemberExport, ReflectionsRangeQuery } from './account';
import {
  AdminStats,
  AdminUser,
  AiAssistantRequest,
  AiAssistantResponse,
  ChangeMemberRequest,
  EraseMemberRequest,
  CommunityPulse,
  CrisisCount,
  CrisisDetections,
  DeployResponse,
  MembershipTrendEntry,
  SystemHealth,
  UserSearchQuery,
} from './admin';
import { AnnouncementRequest, AnnouncementView } from './announcements';
import { BookingView, BookSessionRequest, ChangeBookingStatusRequest, CreateBookingRequest } from './bookings';
import {
  ChangeContactStatusRequest,
  ContactInboxPage,
  ContactInboxQuery,
  ContactRequest,
  ContactResponse,
} from './contact';
import { DashboardPayload, UserActivity, UserStats } from './dashboard';
import {
  AddReplyResponse,
  AiProfile,
  CampfirePostEdit,
  CampfirePostRequest,
  CampfireReplyRequest,
  CreatePostResponse,
  EditResponse,
  ForumCategory,
  ForumPostDetail,
  ForumPostView,
  ForumReplyView,
  ModerationQuery,
  ModerationRequest,
  ModerationReportView,
  PostListQuery,
  ReportRequest,
  ReportResponse,
  ResponderPostEdit,
  ResponderPostRequest,
  ResponderReplyRequest,
} from './forum';
import { ForumPostPage, PostPageQuery, PostSearchQuery } from './forum-paging';
import { CircleFigures } from './forum-circle';
import { ForumNotifications, MarkNotificationsReadRequest, NotificationsReadResponse } from './forum-notifications';
import { ReactionKind, ReactionRequest, ReactionResponse } from './forum-reactions';
import {
  SetSlowModeRequest,
  SetSlowModeResponse,
  SlowModeAdminView,
  SlowModeBoardParams,
  SlowModeView,
} from './forum-slow-mode';
import {
  AuthUser,
  JourneyAnswersRequest,
  JourneyAnswersResponse,
  LoginRequest,
  LoginResponse,
  RegisterResponse,
  RegisterRequest,
} from './identity';
import { JournalEntriesQuery } from './journal';
import {
  ChangeEmailRequest,
  ChangeFirstNameRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  MessageResponse,
  ResetPasswordRequest,
  SettingsResponse,
} from './settings';
import { WelcomePreferenceRequest, WelcomePreferenceResponse } from './welcome';
import { JOURNEY_QUESTIONS } from './onboarding';
import { PEACE_SECTIONS, PeaceResponseRequest, PeaceResponseSaved, PeaceSummary } from './peace';
import {
  JournalEntryView,
  JournalPromptRequest,
  JournalPromptResponse,
  ProcessJournalRequest,
  ProcessJournalResponse,
  ReflectionPromptRequest,
  ReflectionPromptResponse,
} from './rai';
import { ReportList, ReportParams, ReportView } from './reports';
import { StartStoryRequest, StorySessionView, UpdateStoryRequest } from './story';
import { uuid } from './validation';

/**
 * Who may call a route: anyone (`visitor`), any signed-in account (`member`; admins are
 * members too), or an admin only.
 */
export type ApiCaller = 'visitor' | 'member' | 'admin';

export type ApiRoute = {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** koa-router syntax: `/api/forum/posts/:postId`. */
  readonly path: string;
  /** The command service takes every writing call, the query service every read. */
  readonly service: 'command' | 'query';
  readonly summary: string;
  readonly caller: ApiCaller;
  readonly params?: t.Mixed;
  readonly query?: t.Mixed;
  readonly body?: t.Mixed;
  /**
   * A body the route accepts, where its codec alone cannot produce one (choices checked by
   * code, a prompt that must belong to its section, a category that must exist). Shown in
   * the OpenAPI document; the fuzz suite starts from it.
   */
  readonly example?: Readonly<Record<string, unknown>>;
  /** The success answer; `codec` where the answer has one in contracts. */
  readonly response: {
    readonly status: number;
    readonly codec?: t.Mixed;
    readonly contentType?: 'application/json' | 'text/event-stream' | 'text/csv' | 'text/markdown' | 'application/pdf';
  };
  /** Statuses the route answers on purpose besides 400/401/403 (which follow from its input and caller). */
  readonly errors: readonly number[];
  /** Waits on the AI worker: slow and costly, so tools that call every route call these sparingly. */
  readonly callsAi?: boolean;
  /** Creates something: a retry with the same Idempotency-Key gets the first answer and appends nothing. */
  readonly idempotent?: boolean;
  /**
   * For a member route with a path id: true when the id names something only its owner may
   * touch (another member gets 404, as if it did not exist), false when any member may
   * (a forum post he replies to). Every such route says which; the authorization matrix checks it.
   */
  readonly pathIdsOwned?: boolean;
  /** Deletes an account and so ends sessions (issue 24): tools that call every route call it after the others, and sign in afresh. */
  readonly endsSessions?: true;
};

/** An id in a path: a UUID, or the route answers 400 without asking the store. */
const Uuid = uuid();
const idParam = t.type({ id: Uuid });
const postParam = t.type({ postId: Uuid });
const replyParams = t.type({ postId: Uuid, replyId: Uuid });

const WORDS = 'A few honest words about a long week at work and the quiet after it.';
const journeyAnswersExample = Object.fromEntries(
  JOURNEY_QUESTIONS.map((q) => [
    q.field,
    q.kind === 'text' ? WORDS : q.kind === 'multiple' ? [q.choices[0].value] : q.choices[0].value,
  ]),
);
const registrationExample = {
  firstName: 'Sam',
  ...journeyAnswersExample,
  email: 'sam@example.com',
  password: 'steady-breath',
  acceptedTerms: true,
  archetype: '',
};

const ErasedResponse = t.type({ erased: t.literal(true) });

const ok = (codec?: t.Mixed) => ({ status: 200, codec });
const created = (codec?: t.Mixed) => ({ status: 201, codec });

const command = (route: Omit<ApiRoute, 'service'>): ApiRoute => ({ ...route, service: 'command' });
const query = (route: Omit<ApiRoute, 'service' | 'method'>): ApiRoute => ({
  ...route,
  method: 'get',
  service: 'query',
});

/** The forum's moderation actions: an admin, one post (and maybe one of its replies or reports), no body. */
const moderation = (method: 'post' | 'delete', path: string, summary: string, params: t.Mixed = postParam): ApiRoute =>
  command({ method, path, summary, caller: 'admin', params, body: ModerationRequest, response: ok(), errors: [404] });

/**
 * Every route under /api, once: the OpenAPI document (GET /api/openapi.json) and the fuzz
 * suite are generated from this table, and a test holds it equal to the routes the command
 * and query apps register. Decoding stays in the handlers; this table says what they decode.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  // Identity (docs/product.md#identity-calls)
  command({
    method: 'post',
    path: '/api/auth/register',
    idempotent: true,
    summary: 'Register and sign in',
    caller: 'visitor',
    body: RegisterRequest,
    example: registrationExample,
    response: created(RegisterResponse),
    errors: [409, 429],
  }),
  command({
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in',
    caller: 'visitor',
    body: LoginRequest,
    response: ok(LoginResponse),
    errors: [401, 429],
  }),
  command({
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out',
    caller: 'visitor',
    response: ok(),
    errors: [],
  }),
  command({
    method: 'post',
    path: '/api/auth/journey-answers',
    idempotent: true,
    summary: 'Record the journey answers of a member who has none (issue 25)',
    caller: 'member',
    body: JourneyAnswersRequest,
    example: journeyAnswersExample,
    response: created(JourneyAnswersResponse),
    errors: [409],
  }),
  command({
    method: 'post',
    path: '/api/auth/logout-all',
    summary: 'Sign out everywhere: end every session of the member',
    caller: 'member',
    response: ok(),
    errors: [],
  }),
  command({
    method: 'post',
    path: '/api/auth/forgot-password',
    summary: 'Email a single-use, 30-minute password reset link; the same answer for an unknown address',
    caller: 'visitor',
    body: ForgotPasswordRequest,
    example: { email: 'sam@example.com' },
    response: ok(MessageResponse),
    errors: [429],
  }),
  command({
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Choose a new password with a reset link; ends every session of the member',
    caller: 'visitor',
    body: ResetPasswordRequest,
    response: ok(MessageResponse),
    errors: [],
  }),
  command({
    method: 'post',
    path: '/api/me/first-name',
    summary: 'Change his first name',
    caller: 'member',
    body: ChangeFirstNameRequest,
    example: { firstName: 'Sam' },
    response: ok(SettingsResponse),
    errors: [],
  }),
  command({
    method: 'post',
    path: '/api/me/email',
    summary: 'Change his sign-in email, confirmed by his password',
    caller: 'member',
    body: ChangeEmailRequest,
    response: ok(SettingsResponse),
    errors: [409, 429],
  }),
  command({
    method: 'delete',
    path: '/api/me',
    endsSessions: true,
    summary: 'Delete his account: his data key is destroyed, his personal data unreadable, every session of his ended',
    caller: 'member',
    body: DeleteAccountRequest,
    example: { password: 'steady-breath', confirm: 'DELETE' },
    response: ok(ErasedResponse),
    errors: [429],
  }),
  command({
    method: 'post',
    path: '/api/me/welcome',
    summary: "Whether the dashboard greets him with its welcome (its 'Don't show this again')",
    caller: 'member',
    body: WelcomePreferenceRequest,
    example: { showWelcome: false },
    response: ok(WelcomePreferenceResponse),
    errors: [],
  }),
  command({
    method: 'post',
    path: '/api/me/password',
    summary: 'Change his password; every other session of his ends',
    caller: 'member',
    body: ChangePasswordRequest,
    response: ok(SettingsResponse),
    errors: [429],
  }),
  query({
    path: '/api/auth/user',
    summary: 'The signed-in member',
    caller: 'member',
    response: ok(AuthUser),
    errors: [],
  }),

  command({
    method: 'post',
    path: '/api/contact',
    idempotent: true,
    summary: 'Send a message to the team',
    caller: 'visitor',
    body: ContactRequest,
    response: created(ContactResponse),
    errors: [429],
  }),

  // Five-minute story (docs/product.md#story-calls)
  command({
    method: 'post',
    path: '/api/five-minute-story/session',
    idempotent: true,
    summary: 'Start a story session',
    caller: 'member',
    body: StartStoryRequest,
    response: created(StorySessionView),
    errors: [409, 429, 503],
    callsAi: true,
  }),
  command({
    method: 'put',
    path: '/api/five-minute-story/session/:id',
    summary: 'Answer the current story prompt',
    caller: 'member',
    pathIdsOwned: true,
    params: idParam,
    body: UpdateStoryRequest,
    example: { userResponses: [WORDS] },
    response: ok(StorySessionView),
    errors: [404, 409, 429, 503],
    callsAi: true,
  }),
  command({
    method: 'post',
    path: '/api/five-minute-story/session/:id/crisis-banner-dismissal',
    summary: 'Take down the crisis banner of one\'s story ("This isn\'t about me")',
    caller: 'member',
    pathIdsOwned: true,
    params: idParam,
    response: ok(StorySessionView),
    errors: [404, 409],
  }),
  query({
    path: '/api/five-minute-story/session',
    summary: "The member's latest story session, or null",
    caller: 'member',
    response: ok(t.union([StorySessionView, t.null])),
    errors: [],
  }),
  query({
    path: '/api/five-minute-story/session/:id',
    summary: 'One of the member’s story sessions',
    caller: 'member',
    pathIdsOwned: true,
    params: idParam,
    response: ok(StorySessionView),
    errors: [404],
  }),

  // Peace (docs/product.md#peace-calls)
  command({
    method: 'post',
    path: '/api/peace/response',
    idempotent: true,
    summary: "Answer one of a section's questions",
    caller: 'member',
    body: PeaceResponseRequest,
    example: { section: PEACE_SECTIONS[0].id, prompt: PEACE_SECTIONS[0].prompts[0], response: WORDS },
    response: created(PeaceResponseSaved),
    errors: [],
  }),
  query({
    path: '/api/peace/summary',
    summary: 'Answers per section',
    caller: 'member',
    response: ok(PeaceSummary),
    errors: [],
  }),

  // RAI and the journal
  command({
    method: 'post',
    path: '/api/ai/rai/process-journal',
    summary: 'Save a journal entry and wait for RAI’s reply',
    caller: 'member',
    body: ProcessJournalRequest,
    response: ok(ProcessJournalResponse),
    errors: [429, 503],
    callsAi: true,
  }),
  command({
    method: 'post',
    path: '/api/ai/rai/process-journal/stream',
    summary: 'Save a journal entry; RAI’s reply streams as server-sent events',
    caller: 'member',
    body: ProcessJournalRequest,
    response: { status: 200, contentType: 'text/event-stream' },
    errors: [429, 503],
    callsAi: true,
  }),
  command({
    method: 'post',
    path: '/api/journal/ai-prompt',
    summary: 'Save a guided journal entry and get RAI’s guidance',
    caller: 'member',
    body: JournalPromptRequest,
    response: ok(JournalPromptResponse),
    errors: [429, 503],
    callsAi: true,
  }),
  command({
    method: 'post',
    path: '/api/journal/ai-prompt/stream',
    summary: 'Save a guided journal entry; RAI’s guidance streams as server-sent events',
    caller: 'member',
    body: JournalPromptRequest,
    response: { status: 200, contentType: 'text/event-stream' },
    errors: [429, 503],
    callsAi: true,
  }),
  command({
    method: 'post',
    path: '/api/ai/reflection-prompt',
    summary: 'A reflection prompt for a session type',
    caller: 'member',
    body: ReflectionPromptRequest,
    response: ok(ReflectionPromptResponse),
    errors: [429, 503],
    callsAi: true,
  }),
  command({
    method: 'post',
    path: '/api/ai/rai/reflection-prompt',
    summary: 'A reflection prompt for a session type (RAI’s path)',
    caller: 'member',
    body: ReflectionPromptRequest,
    response: ok(ReflectionPromptResponse),
    errors: [429, 503],
    callsAi: true,
  }),
  query({
    path: '/api/journal/entries',
    summary: "The member's journal, newest first, a page at a time",
    caller: 'member',
    query: JournalEntriesQuery,
    response: ok(t.array(JournalEntryView)),
    errors: [404],
  }),
  query({
    path: '/api/ai/profile',
    summary: "The member's archetype",
    caller: 'member',
    response: ok(AiProfile),
    errors: [],
  }),

  // Member dashboard
  query({
    path: '/api/dashboard',
    summary: 'The member dashboard',
    caller: 'member',
    response: ok(DashboardPayload),
    errors: [],
  }),
  query({
    path: '/api/user/stats',
    summary: "The member's mood statistics",
    caller: 'member',
    response: ok(UserStats),
    errors: [],
  }),
  query({
    path: '/api/user/activities',
    summary: "The member's latest activities",
    caller: 'member',
    response: ok(t.array(UserActivity)),
    errors: [],
  }),
  query({
    path: '/api/announcements',
    summary: 'The newest announcements',
    caller: 'member',
    response: ok(t.array(AnnouncementView)),
    errors: [],
  }),

  // A member's own data (issue 24)
  query({
    path: '/api/me/export',
    summary: 'Everything the product holds about the signed-in member, as JSON',
    caller: 'member',
    response: ok(MemberExport),
    errors: [],
  }),
  query({
    path: '/api/me/export/reflections.md',
    summary: 'His reflections for a date range, as Markdown',
    caller: 'member',
    query: ReflectionsRangeQuery,
    response: { status: 200, contentType: 'text/markdown' },
    errors: [],
  }),
  query({
    path: '/api/me/export/reflections.pdf',
    summary: 'His reflections for a date range, as a PDF',
    caller: 'member',
    query: ReflectionsRangeQuery,
    response: { status: 200, contentType: 'application/pdf' },
    errors: [],
  }),

  // Forum (docs/product.md#forum-calls)
  command({
    method: 'post',
    path: '/api/forum/posts',
    idempotent: true,
    summary: 'Post on either board',
    caller: 'member',
    body: t.union([CampfirePostRequest, ResponderPostRequest]),
    example: { title: 'A long week', content: WORDS, categoryId: 1, isAnonymous: false },
    response: created(CreatePostResponse),
    errors: [429],
  }),
  command({
    method: 'post',
    path: '/api/forum/posts/:postId/replies',
    idempotent: true,
    summary: 'Reply to a post',
    caller: 'member',
    pathIdsOwned: false,
    params: postParam,
    body: t.union([CampfireReplyRequest, ResponderReplyRequest]),
    response: created(AddReplyResponse),
    errors: [404],
  }),
  command({
    method: 'patch',
    path: '/api/forum/posts/:postId',
    summary: "Edit one's own post",
    caller: 'member',
    pathIdsOwned: true,
    params: postParam,
    body: t.union([CampfirePostEdit, ResponderPostEdit]),
    response: ok(EditResponse),
    errors: [404],
  }),
  command({
    method: 'delete',
    path: '/api/forum/posts/:postId',
    summary: "Delete one's own post (its replies stay)",
    caller: 'member',
    pathIdsOwned: true,
    params: postParam,
    response: ok(),
    errors: [404],
  }),
  command({
    method: 'patch',
    path: '/api/forum/posts/:postId/replies/:replyId',
    summary: "Edit one's own reply",
    caller: 'member',
    pathIdsOwned: true,
    params: replyParams,
    body: t.union([CampfireReplyRequest, ResponderReplyRequest]),
    response: ok(EditResponse),
    errors: [404],
  }),
  command({
    method: 'delete',
    path: '/api/forum/posts/:postId/replies/:replyId',
    summary: "Delete one's own reply",
    caller: 'member',
    pathIdsOwned: true,
    params: replyParams,
    response: ok(),
    errors: [404],
  }),
  command({
    method: 'post',
    path: '/api/forum/posts/:postId/reactions',
    idempotent: true,
    summary: 'Give a support reaction to a post',
    caller: 'member',
    pathIdsOwned: false,
    params: postParam,
    body: ReactionRequest,
    response: created(ReactionResponse),
    errors: [404],
  }),
  command({
    method: 'post',
    path: '/api/forum/posts/:postId/replies/:replyId/reactions',
    idempotent: true,
    summary: 'Give a support reaction to a reply',
    caller: 'member',
    pathIdsOwned: false,
    params: replyParams,
    body: ReactionRequest,
    response: created(ReactionResponse),
    errors: [404],
  }),
  command({
    method: 'delete',
    path: '/api/forum/posts/:postId/reactions/:kind',
    summary: 'Withdraw a support reaction from a post',
    caller: 'member',
    pathIdsOwned: false,
    params: t.type({ postId: Uuid, kind: ReactionKind }),
    response: ok(ReactionResponse),
    errors: [404],
  }),
  command({
    method: 'delete',
    path: '/api/forum/posts/:postId/replies/:replyId/reactions/:kind',
    summary: 'Withdraw a support reaction from a reply',
    caller: 'member',
    pathIdsOwned: false,
    params: t.type({ postId: Uuid, replyId: Uuid, kind: ReactionKind }),
    response: ok(ReactionResponse),
    errors: [404],
  }),
  command({
    method: 'post',
    path: '/api/forum/posts/:postId/report',
    idempotent: true,
    summary: 'Report a post',
    caller: 'member',
    pathIdsOwned: false,
    params: postParam,
    body: ReportRequest,
    response: created(ReportResponse),
    errors: [404],
  }),
  command({
    method: 'post',
    path: '/api/forum/posts/:postId/replies/:replyId/report',
    idempotent: true,
    summary: 'Report a reply',
    caller: 'member',
    pathIdsOwned: false,
    params: replyParams,
    body: ReportRequest,
    response: created(ReportResponse),
    errors: [404],
  }),
  moderation('post', '/api/forum/posts/:postId/pin', 'Pin a post'),
  moderation('delete', '/api/forum/posts/:postId/pin', 'Unpin a post'),
  moderation('post', '/api/admin/moderation/posts/:postId/hide', 'Hide a post'),
  moderation('post', '/api/admin/moderation/posts/:postId/restore', 'Restore a hidden post'),
  moderation('post', '/api/admin/moderation/posts/:postId/replies/:replyId/hide', 'Hide a reply', replyParams),
  moderation(
    'post',
    '/api/admin/moderation/posts/:postId/replies/:replyId/restore',
    'Restore a hidden reply',
    replyParams,
  ),
  moderation(
    'post',
    '/api/admin/moderation/posts/:postId/reports/:reportId/dismiss',
    'Dismiss a report',
    t.type({ postId: Uuid, reportId: Uuid }),
  ),
  command({
    method: 'put',
    path: '/api/admin/moderation/boards/:board/slow-mode',
    summary: "Set or clear a board's slow mode (least seconds between a member's new posts), with the reason",
    caller: 'admin',
    params: SlowModeBoardParams,
    body: SetSlowModeRequest,
    example: { seconds: 0, reason: 'Things are calm again' },
    response: ok(SetSlowModeResponse),
    errors: [],
  }),
  query({
    path: '/api/forum/slow-mode',
    summary: "Each board's slow mode (0: off)",
    caller: 'visitor',
    response: ok(t.array(SlowModeView)),
    errors: [],
  }),
  query({
    path: '/api/admin/moderation/slow-mode',
    summary: "Each board's slow mode with the last change's reason, time and moderator",
    caller: 'admin',
    response: ok(t.array(SlowModeAdminView)),
    errors: [],
  }),
  query({
    path: '/api/forum/categories',
    summary: "A board's categories",
    caller: 'visitor',
    query: PostListQuery,
    response: ok(t.array(ForumCategory)),
    errors: [],
  }),
  query({
    path: '/api/forum/posts',
    summary: 'Posts, pinned first; the first-responder board needs sign-in',
    caller: 'visitor',
    query: PostListQuery,
    response: ok(t.array(ForumPostView)),
    errors: [401],
  }),
  query({
    path: '/api/forum/feed',
    summary: 'Posts 20 at a time from a cursor, pinned first, with the total; circle=mine: his circle’s named posts',
    caller: 'visitor',
    query: PostPageQuery,
    response: ok(ForumPostPage),
    errors: [401],
  }),
  query({
    path: '/api/forum/search',
    summary: "Full-text search of a board's titles and posts, best match first, 20 at a time",
    caller: 'visitor',
    query: PostSearchQuery,
    response: ok(ForumPostPage),
    errors: [401],
  }),
  query({
    path: '/api/forum/posts/:postId',
    summary: 'A post and its replies',
    caller: 'visitor',
    params: postParam,
    response: ok(ForumPostDetail),
    errors: [401, 404],
  }),
  query({
    path: '/api/forum/posts/:postId/replies',
    summary: "A post's replies",
    caller: 'visitor',
    params: postParam,
    response: ok(t.array(ForumReplyView)),
    errors: [401, 404],
  }),
  query({
    path: '/api/forum/circle',
    summary: "His archetype circle's members and their posts today",
    caller: 'member',
    response: ok(CircleFigures),
    errors: [],
  }),
  query({
    path: '/api/forum/notifications',
    summary: 'Replies to his posts and to threads he replied in, newest first, with the unread count',
    caller: 'member',
    response: ok(ForumNotifications),
    errors: [],
  }),
  command({
    method: 'post',
    path: '/api/forum/notifications/read',
    summary: 'Mark one notification read, or (no id) all of them',
    caller: 'member',
    body: MarkNotificationsReadRequest,
    response: ok(NotificationsReadResponse),
    errors: [],
  }),
  query({
    path: '/api/forum/live',
    summary: 'Server-sent events: his unread count, and which posts changed and how',
    caller: 'member',
    response: { status: 200, contentType: 'text/event-stream' },
    errors: [429],
  }),
  query({
    path: '/api/admin/moderation/reports',
    summary: 'The moderation queue',
    caller: 'admin',
    query: ModerationQuery,
    response: ok(t.array(ModerationReportView)),
    errors: [],
  }),

  // Bookings
  command({
    method: 'post',
    path: '/api/bookings',
    idempotent: true,
    summary: 'Book a session for oneself',
    caller: 'member',
    body: BookSessionRequest,
    response: created(BookingView),
    errors: [404],
  }),
  command({
    method: 'post',
    path: '/api/bookings/:id/cancel',
    summary: "Cancel one's own booking",
    caller: 'member',
    pathIdsOwned: true,
    params: idParam,
    response: ok(),
    errors: [404, 409],
  }),
  query({
    path: '/api/bookings',
    summary: "The member's bookings",
    caller: 'member',
    response: ok(t.array(BookingView)),
    errors: [],
  }),
  command({
    method: 'post',
    path: '/api/admin/bookings',
    idempotent: true,
    summary: 'Book a session for a member',
    caller: 'admin',
    body: CreateBookingRequest,
    response: created(BookingView),
    errors: [404],
  }),
  command({
    method: 'patch',
    path: '/api/admin/bookings/:id',
    summary: "Change a booking's status",
    caller: 'admin',
    params: idParam,
    body: ChangeBookingStatusRequest,
    response: ok(),
    errors: [404],
  }),
  query({
    path: '/api/admin/bookings',
    summary: 'Every booking',
    caller: 'admin',
    response: ok(t.array(BookingView)),
    errors: [],
  }),
  query({
    path: '/api/admin/upcoming-events',
    summary: 'Scheduled sessions, soonest first',
    caller: 'admin',
    response: ok(t.array(BookingView)),
    errors: [],
  }),

  // Admin panel (docs/product.md#admin-calls)
  query({
    path: '/api/admin/users',
    summary: 'Search members',
    caller: 'admin',
    query: UserSearchQuery,
    response: ok(t.array(AdminUser)),
    errors: [],
  }),
  command({
    method: 'post',
    path: '/api/admin/users/:id/erase',
    endsSessions: true,
    summary: "Delete a member's account (crypto-shredding), with one of the fixed reasons",
    caller: 'admin',
    params: idParam,
    body: EraseMemberRequest,
    example: { reason: 'asked-an-admin' },
    response: ok(ErasedResponse),
    errors: [404],
  }),
  command({
    method: 'patch',
    path: '/api/admin/users/:id',
    summary: "Change a member's membership type or role",
    caller: 'admin',
    params: idParam,
    body: ChangeMemberRequest,
    example: { membershipType: 'premium' },
    response: ok(),
    errors: [404],
  }),
  command({
    method: 'post',
    path: '/api/admin/announcements',
    idempotent: true,
    summary: 'Publish an announcement',
    caller: 'admin',
    body: AnnouncementRequest,
    response: created(),
    errors: [],
  }),
  command({
    method: 'put',
    path: '/api/admin/announcements/:id',
    summary: 'Edit an announcement',
    caller: 'admin',
    params: idParam,
    body: AnnouncementRequest,
    response: ok(),
    errors: [404],
  }),
  command({
    method: 'delete',
    path: '/api/admin/announcements/:id',
    summary: 'Withdraw an announcement',
    caller: 'admin',
    params: idParam,
    response: ok(),
    errors: [404],
  }),
  query({
    path: '/api/admin/announcements',
    summary: 'Every standing announcement',
    caller: 'admin',
    response: ok(t.array(AnnouncementView)),
    errors: [],
  }),
  query({
    path: '/api/admin/contact-messages',
    summary: 'The contact inbox, newest first, a page at a time',
    caller: 'admin',
    query: ContactInboxQuery,
    response: ok(ContactInboxPage),
    errors: [],
  }),
  command({
    method: 'post',
    path: '/api/admin/contact-messages/:id/status',
    summary: 'Mark a contact message answered or closed',
    caller: 'admin',
    params: idParam,
    body: ChangeContactStatusRequest,
    response: ok(),
    errors: [404, 409],
  }),
  command({
    method: 'post',
    path: '/api/admin/deploy',
    summary: 'Ask the deploy hook for a deployment',
    caller: 'admin',
    response: { status: 202, codec: DeployResponse },
    errors: [502, 503],
  }),
  command({
    method: 'post',
    path: '/api/admin/ai-assistant',
    summary: 'Ask the admin assistant about the figures on screen',
    caller: 'admin',
    body: AiAssistantRequest,
    response: ok(AiAssistantResponse),
    errors: [503],
    callsAi: true,
  }),
  query({ path: '/api/admin/stats', summary: 'Member figures', caller: 'admin', response: ok(AdminStats), errors: [] }),
  query({
    path: '/api/admin/membership-trends',
    summary: 'Memberships over time',
    caller: 'admin',
    response: ok(t.array(MembershipTrendEntry)),
    errors: [],
  }),
  query({
    path: '/api/admin/community-pulse',
    summary: 'Community engagement',
    caller: 'admin',
    response: ok(CommunityPulse),
    errors: [],
  }),
  query({
    path: '/api/admin/crisis-count',
    summary: 'Crisis resources shown this week',
    caller: 'admin',
    response: ok(CrisisCount),
    errors: [],
  }),
  query({
    path: '/api/admin/crisis-detections',
    summary: 'Crisis resources shown per day and where, and story banners dismissed (counts only)',
    caller: 'admin',
    response: ok(CrisisDetections),
    errors: [],
  }),
  query({
    path: '/api/admin/system-health',
    summary: 'Uptime, response times, errors, parked events per projector',
    caller: 'admin',
    response: ok(SystemHealth),
    errors: [],
  }),
  query({
    path: '/api/admin/live',
    summary: 'Server-sent events whenever read models change',
    caller: 'admin',
    response: { status: 200, contentType: 'text/event-stream' },
    errors: [],
  }),
  query({
    path: '/api/admin/reports',
    summary: 'The reports there are',
    caller: 'admin',
    response: ok(ReportList),
    errors: [],
  }),
  query({
    path: '/api/admin/reports/:name',
    summary: 'One report',
    caller: 'admin',
    params: ReportParams,
    response: ok(ReportView),
    errors: [404],
  }),
  query({
    path: '/api/admin/reports/:name/csv',
    summary: 'One report as CSV',
    caller: 'admin',
    params: ReportParams,
    response: { status: 200, contentType: 'text/csv' },
    errors: [404],
  }),

  query({
    path: '/api/openapi.json',
    summary: 'This API, as an OpenAPI 3.1 document',
    caller: 'visitor',
    response: ok(),
    errors: [],
  }),
];

/** `METHOD /path`, the key both the route table test and the fuzz report use. */
export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;
