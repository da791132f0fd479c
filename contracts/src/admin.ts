import * as t from 'io-ts';
import { MembershipType, Role } from './identity';
import { ErasureReason } from './identity-events';
import { MIN_SHOWN_COUNT, SMALL_COUNT } from './reports';
import { boundedText, withMessage } from './validation';

/** The admin panel's calls (docs/product.md#admin-calls) and the ops stream's events. */

export const ADMIN_MESSAGES = {
  questionRequired: 'Please enter a question',
  questionTooLong: 'Please keep the question under 2,000 characters',
  changeRequired: 'Choose a membership type or a role to change',
  memberNotFound: 'No such member',
  ownAdminRole: 'You cannot remove your own admin role',
  noDeployHook: 'No deploy hook configured',
  searchTooLong: 'Search must be at most 100 characters',
  assistantUnavailable: 'The AI assistant is unavailable right now. Please try again shortly.',
  assistantTimeout: 'The AI assistant took too long to answer. Please try again.',
} as const;

/**
 * A number of people as the admin panel is given it: under MIN_SHOWN_COUNT it reads
 * SMALL_COUNT, so that no figure can point at one member (issue 24).
 */
export const PeopleCount = t.union([t.number, t.literal(SMALL_COUNT)]);
export type PeopleCount = t.TypeOf<typeof PeopleCount>;
export const shownCount = (count: PeopleCount): PeopleCount =>
  typeof count === 'number' && count < MIN_SHOWN_COUNT ? SMALL_COUNT : count;

/** docs/product.md#who-uses-it: monthly prices in dollars. */
export const MEMBERSHIP_PRICES: Record<MembershipType, number> = { free: 0, premium: 29, vip: 99 };
/** Null while a paying tier has fewer than 5 members: the sum would give its count away. */
export const monthlyRevenue = (stats: { premiumUsers: PeopleCount; vipUsers: PeopleCount }): number | null =>
  typeof stats.premiumUsers === 'number' && typeof stats.vipUsers === 'number'
    ? stats.premiumUsers * MEMBERSHIP_PRICES.premium + stats.vipUsers * MEMBERSHIP_PRICES.vip
    : null;

/** Quick user search shows at most this many users (docs/product.md#admin-panel). */
export const USER_SEARCH_SHOWN = 5;
/** The server answers at most this many matches. */
export const USER_SEARCH_LIMIT = 20;
/** Days of membership history answered by membership-trends (the chart is labelled 30 days). */
export const TREND_DAYS = 30;

export const AdminStats = t.type({
  totalUsers: PeopleCount,
  activeUsers: PeopleCount,
  freeUsers: PeopleCount,
  premiumUsers: PeopleCount,
  vipUsers: PeopleCount,
});
export type AdminStats = t.TypeOf<typeof AdminStats>;

/** Counts by tier as of the end of `date` (YYYY-MM-DD, UTC). */
export const MembershipTrendEntry = t.type({
  date: t.string,
  free: PeopleCount,
  premium: PeopleCount,
  vip: PeopleCount,
});
export type MembershipTrendEntry = t.TypeOf<typeof MembershipTrendEntry>;

export const CommunityPulse = t.type({
  weeklyEngagement: PeopleCount,
  activeJournalers: PeopleCount,
  totalJournalEntries: t.number,
  totalForumPosts: t.number,
  activeForumUsers: PeopleCount,
  /** Seconds. */
  avgSessionDuration: t.number,
});
export type CommunityPulse = t.TypeOf<typeof CommunityPulse>;

/** Over every live instance of every service (issue 28). */
export const SystemHealthFigures = t.type({
  /** Seconds since the longest-running live instance started. */
  uptime: t.number,
  /** Milliseconds, over the recent window, of HTTP answers (not the AI worker's jobs). */
  avgResponseTime: t.number,
  /** Percent of answers that were server errors (5xx), over the recent window. */
  errorRate: t.number,
  totalLogins: t.number,
});

/** One service over its live instances (a heartbeat in the last 30 s); counts and times over each instance's last 5 minutes. */
export const ServiceHealth = t.type({
  /** 'command', 'query', 'command + query' when one process serves both (`npm start`), or 'ai-worker'. */
  service: t.string,
  /** What `requests` counts: HTTP answers, or jobs (the AI worker; `errors` are failed jobs). */
  counts: t.union([t.literal('requests'), t.literal('jobs')]),
  instances: t.number,
  /** Seconds since its longest-running instance started. */
  uptime: t.number,
  requests: t.number,
  /** Server errors (5xx). */
  errors: t.number,
  /** Milliseconds, from binned response times (within a quarter). */
  p50ResponseTime: t.number,
  p99ResponseTime: t.number,
});
export type ServiceHealth = t.TypeOf<typeof ServiceHealth>;

/** Events one projector could not apply and moved past (docs/architecture.md#parked-events): how many, and the latest parked. */
export const ParkedEventsSummary = t.type({
  projector: t.string,
  count: t.number,
  latestType: t.string,
  latestAt: t.string,
});
export type ParkedEventsSummary = t.TypeOf<typeof ParkedEventsSummary>;

/** GET /api/admin/system-health: the figures, each service's, and the projectors that have parked events (none: an empty list). */
export const SystemHealth = t.type({
  ...SystemHealthFigures.props,
  services: t.array(ServiceHealth),
  parkedEvents: t.array(ParkedEventsSummary),
});
export type SystemHealth = t.TypeOf<typeof SystemHealth>;

export const CrisisCount = t.type({ thisWeek: t.number });
export type CrisisCount = t.TypeOf<typeof CrisisCount>;

/** The days GET /api/admin/crisis-detections covers, today included. */
export const CRISIS_DETECTION_DAYS = 14;
/**
 * GET /api/admin/crisis-detections: per day, oldest first, how often the crisis resources
 * were shown and where (`rai`: the journal or the chat, before the two were told apart),
 * and how many story banners members took down as not about them. Counts only: no words,
 * no members.
 */
export const CrisisDetectionDay = t.type({
  day: t.string,
  journal: t.number,
  chat: t.number,
  story: t.number,
  forum: t.number,
  rai: t.number,
  dismissed: t.number,
});
export type CrisisDetectionDay = t.TypeOf<typeof CrisisDetectionDay>;
export const CrisisDetections = t.type({ days: t.array(CrisisDetectionDay) });
export type CrisisDetections = t.TypeOf<typeof CrisisDetections>;

export const AdminUser = t.type({
  id: t.string,
  firstName: t.string,
  lastName: t.string,
  email: t.string,
  membershipType: MembershipType,
  role: Role,
});
export type AdminUser = t.TypeOf<typeof AdminUser>;

export const MAX_SEARCH_LENGTH = 100;

/** GET /api/admin/users?search= (name or email contains, case-insensitive). */
export const UserSearchQuery = t.exact(
  t.partial({
    search: boundedText({
      min: 0,
      max: MAX_SEARCH_LENGTH,
      tooShort: ADMIN_MESSAGES.searchTooLong,
      tooLong: ADMIN_MESSAGES.searchTooLong,
      label: 'Search',
      singleLine: true,
    }),
  }),
);
export type UserSearchQuery = t.TypeOf<typeof UserSearchQuery>;

/** PATCH /api/admin/users/{id}: a new membership type, a new role, or both. */
const MemberChange = t.exact(
  t.partial({
    membershipType: withMessage(MembershipType, 'Choose free, premium or vip'),
    role: withMessage(Role, 'Choose member or admin'),
  }),
);
/** Tools that walk codecs (the OpenAPI document) see its fields as `wrapped`, and that one is needed. */
export const ChangeMemberRequest = Object.assign(
  new t.Type<t.TypeOf<typeof MemberChange>, t.OutputOf<typeof MemberChange>, unknown>(
    'ChangeMemberRequest',
    (u): u is t.TypeOf<typeof MemberChange> =>
      MemberChange.is(u) && (u.membershipType !== undefined || u.role !== undefined),
    (u, c) => {
      const decoded = MemberChange.validate(u, c);
      if (decoded._tag === 'Left') return decoded;
      return decoded.right.membershipType === undefined && decoded.right.role === undefined
        ? t.failure(u, c, ADMIN_MESSAGES.changeRequired)
        : decoded;
    },
    MemberChange.encode,
  ),
  { wrapped: MemberChange, minProperties: 1 },
);
export type ChangeMemberRequest = t.TypeOf<typeof ChangeMemberRequest>;

/** POST /api/admin/users/{id}/erase: why (one of a fixed few, see MemberErased). */
export const EraseMemberRequest = t.exact(
  t.type({ reason: withMessage(ErasureReason, 'Choose why this account is deleted') }),
);
export type EraseMemberRequest = t.TypeOf<typeof EraseMemberRequest>;

export const MAX_QUESTION_LENGTH = 2000;

/** POST /api/admin/ai-assistant: the question and the figures on screen (docs/product.md#admin-calls). */
export const AiAssistantRequest = t.exact(
  t.type({
    question: boundedText({
      min: 1,
      max: MAX_QUESTION_LENGTH,
      tooShort: ADMIN_MESSAGES.questionRequired,
      tooLong: ADMIN_MESSAGES.questionTooLong,
      label: 'Question',
    }),
    context: t.partial({
      stats: AdminStats,
      communityPulse: CommunityPulse,
      upcomingEvents: t.array(t.unknown),
      systemHealth: SystemHealthFigures,
      membershipTrends: t.array(MembershipTrendEntry),
      crisisCount: CrisisCount,
    }),
  }),
);
export type AiAssistantRequest = t.TypeOf<typeof AiAssistantRequest>;
export const AiAssistantResponse = t.type({ response: t.string });
export type AiAssistantResponse = t.TypeOf<typeof AiAssistantResponse>;

export const DeployResponse = t.type({ deploymentId: t.string, status: t.literal('started') });
export type DeployResponse = t.TypeOf<typeof DeployResponse>;

/** On the ops stream: an admin asked for a deployment. */
export const DeploymentRequested = t.type({
  type: t.literal('DeploymentRequested'),
  data: t.type({ deploymentId: t.string, requestedBy: t.string, requestedAt: t.string }),
});
export type DeploymentRequested = t.TypeOf<typeof DeploymentRequested>;

/**
 * GET /api/admin/live (text/event-stream): `event: change`, `id:` the position the read
 * models have reached, data LiveChange, whenever a projector applied events. A client
 * that reconnects with Last-Event-ID behind the current position gets one change at once.
 */
export const LiveChange = t.type({ position: t.string, readModels: t.array(t.string) });
export type LiveChange = t.TypeOf<typeof LiveChange>;

/**
 * Names of the read models (their projectors' names, which their checkpoints are stored under):
 * a LiveChange lists those that moved, the admin panel refetches what it shows of them.
 */
export const READ_MODELS = {
  users: 'users',
  membership: 'admin-membership',
  pulse: 'admin-pulse',
  bookings: 'bookings',
  announcements: 'announcements',
  forum: 'forum',
  forumNotifications: 'forum-notifications',
  contactInbox: 'contact-inbox',
  journal: 'journal',
  story: 'story',
  peace: 'peace',
  peaceAnswers: 'peace-answers',
  memberProfiles: 'member-profiles',
  memberActivities: 'member-activities',
  weeklyMood: 'weekly-mood',
  retention: 'retention',
  onboardingAnswers: 'onboarding-answers',
  forumEngagement: 'forum-engagement',
  forumSlowMode: 'forum-slow-mode',
} as const;
export type ReadModelName = (typeof READ_MODELS)[keyof typeof READ_MODELS];
