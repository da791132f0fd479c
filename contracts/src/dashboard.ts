import * as t from 'io-ts';
import { ArchetypeId, MembershipType } from './identity';
import { DetectedMood } from './rai';

/**
 * GET /api/dashboard (docs/product.md#dashboard-calls). onboardingData is null for a member with no journey answers;
 * showWelcome is false once he has ticked the welcome's "Don't show this again" (welcome.ts).
 */
export const DashboardPayload = t.type({
  user: t.type({ id: t.string, firstName: t.string, lastName: t.string, membershipType: MembershipType }),
  onboardingData: t.union([
    t.type({ assignedArchetype: t.string, seeking: t.string, innerStrength: t.string, peaceMeaning: t.string }),
    t.null,
  ]),
  userArchetype: t.union([
    t.type({ id: ArchetypeId, symbol: t.string, title: t.string, represents: t.string }),
    t.null,
  ]),
  announcements: t.array(t.type({ id: t.string, title: t.string, content: t.string, createdAt: t.string })),
  showWelcome: t.boolean,
});
export type DashboardPayload = t.TypeOf<typeof DashboardPayload>;

/**
 * The mood scale of GET /api/user/stats: 1 (heaviest) to 5 (lightest). A reflection's
 * mood is the one the member chose, or else the one RAI detected in their words.
 */
export const MOOD_SCORES: Record<DetectedMood, number> = {
  overwhelmed: 1,
  sad: 1,
  anxious: 2,
  frustrated: 2,
  confused: 2,
  contemplative: 3,
  calm: 4,
  hopeful: 4,
  grateful: 5,
  energized: 5,
};
export const MOOD_SCALE = { min: 1, max: 5 } as const;

/** GET /api/user/stats. averageMood is null until a reflection has a mood; moodOverTime is oldest first. */
export const UserStats = t.type({
  averageMood: t.union([t.number, t.null]),
  totalReflections: t.number,
  moodOverTime: t.array(t.type({ at: t.string, mood: DetectedMood, score: t.number })),
});
export type UserStats = t.TypeOf<typeof UserStats>;

export const ACTIVITY_KINDS = [
  'joined',
  'signed-in',
  'reflection',
  'rai-reply',
  'story-started',
  'story-completed',
  'peace-answer',
] as const;
export const ActivityKind = t.keyof(
  Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, null])) as Record<(typeof ACTIVITY_KINDS)[number], null>,
);

/** GET /api/user/activities: the member's own recent activity, newest first, read from their events. */
export const UserActivity = t.type({ id: t.string, kind: ActivityKind, summary: t.string, at: t.string });
export type UserActivity = t.TypeOf<typeof UserActivity>;
