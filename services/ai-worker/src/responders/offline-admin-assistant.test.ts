import { offlineAdminAssistant } from './offline-admin-assistant';

const day = (date: string, free: number) => ({ date, free, premium: 10, vip: 5 });
const figures = {
  stats: { totalUsers: 140, activeUsers: 60, freeUsers: 125, premiumUsers: 10, vipUsers: 5 },
  communityPulse: {
    weeklyEngagement: 60,
    activeJournalers: 22,
    totalJournalEntries: 812,
    totalForumPosts: 301,
    activeForumUsers: 17,
    avgSessionDuration: 300,
  },
  membershipTrends: [
    '2026-11-18',
    '2026-11-19',
    '2026-11-20',
    '2026-11-21',
    '2026-11-22',
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
  ].map((date, i) => day(date, 110 + i * 2)),
  upcomingEvents: [{ id: 'a' }, { id: 'b' }],
  crisisCount: { thisWeek: 3 },
};

/** Issue 26: with no model, the admin assistant reads out the figures a question is about. */
describe('the offline admin assistant', () => {
  it('answers members, new this week, posts, journal entries, crisis detections and bookings from the figures', () => {
    expect(offlineAdminAssistant('How many members do we have?', figures)).toContain(
      '140 members in all, 60 active members; by membership: 125 free, 10 premium, 5 VIP.',
    );
    expect(offlineAdminAssistant('How many new members joined this week?', figures)).toContain(
      '14 new members from 2026-11-18 to 2026-11-25',
    );
    expect(offlineAdminAssistant('How busy is the forum?', figures)).toContain(
      '301 forum posts in all; 17 members posted this week.',
    );
    expect(offlineAdminAssistant('How many journal entries are there?', figures)).toContain(
      '812 journal entries in all',
    );
    expect(offlineAdminAssistant('Any crisis detections?', figures)).toContain(
      'Crisis resources were shown 3 times this week',
    );
    expect(offlineAdminAssistant('How many bookings are coming up?', figures)).toContain('2 upcoming booked sessions');
  });

  it('says plainly what it cannot answer: a subject it does not know, or figures that were not sent', () => {
    expect(offlineAdminAssistant('What is our revenue forecast for next year?', figures)).toMatch(
      /I cannot answer that one\. I can tell you about: new members this week, members, forum posts/,
    );
    expect(offlineAdminAssistant('Any crisis detections?', { stats: figures.stats })).toContain(
      'I cannot answer about crisis detections: those figures were not on the screen',
    );
    expect(
      offlineAdminAssistant('How many members?', { stats: { ...figures.stats, vipUsers: 'fewer than 5' } }),
    ).toContain('fewer than 5 VIP');
  });
});
