import { shownPulse, shownStats, shownTrends } from './shown-figures';

describe('the admin figures as the API gives them', () => {
  it('says "fewer than 5" for every count of people under 5, and keeps 5 and more exact', () => {
    expect(shownStats({ totalUsers: 12, activeUsers: 4, freeUsers: 7, premiumUsers: 5, vipUsers: 0 })).toEqual({
      totalUsers: 12,
      activeUsers: 'fewer than 5',
      freeUsers: 7,
      premiumUsers: 5,
      vipUsers: 'fewer than 5',
    });
    expect(shownTrends([{ date: '2026-11-20', free: 9, premium: 1, vip: 5 }])).toEqual([
      { date: '2026-11-20', free: 9, premium: 'fewer than 5', vip: 5 },
    ]);
  });

  it('keeps counts of things and averages exact in the community pulse', () => {
    expect(
      shownPulse({
        weeklyEngagement: 3,
        activeJournalers: 6,
        totalJournalEntries: 2,
        totalForumPosts: 1,
        activeForumUsers: 1,
        avgSessionDuration: 120,
      }),
    ).toEqual({
      weeklyEngagement: 'fewer than 5',
      activeJournalers: 6,
      totalJournalEntries: 2,
      totalForumPosts: 1,
      activeForumUsers: 'fewer than 5',
      avgSessionDuration: 120,
    });
  });
});
