import {
  type AdminStats,
  type CommunityPulse,
  type MembershipTrendEntry,
  shownCount,
} from '@reflections/contracts/admin';

/**
 * The admin's figures as the API gives them: every count of people under 5 reads
 * 'fewer than 5' (issue 24). Counts of things (entries, posts) and averages stay exact.
 */
export const shownStats = (stats: AdminStats): AdminStats => ({
  totalUsers: shownCount(stats.totalUsers),
  activeUsers: shownCount(stats.activeUsers),
  freeUsers: shownCount(stats.freeUsers),
  premiumUsers: shownCount(stats.premiumUsers),
  vipUsers: shownCount(stats.vipUsers),
});

export const shownTrends = (entries: readonly MembershipTrendEntry[]): MembershipTrendEntry[] =>
  entries.map((entry) => ({
    date: entry.date,
    free: shownCount(entry.free),
    premium: shownCount(entry.premium),
    vip: shownCount(entry.vip),
  }));

export const shownPulse = (pulse: CommunityPulse): CommunityPulse => ({
  ...pulse,
  weeklyEngagement: shownCount(pulse.weeklyEngagement),
  activeJournalers: shownCount(pulse.activeJournalers),
  activeForumUsers: shownCount(pulse.activeForumUsers),
});
