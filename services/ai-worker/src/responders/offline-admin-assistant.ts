import { AiAssistantRequest, type PeopleCount } from '@reflections/contracts/admin';

type Figures = AiAssistantRequest['context'];

/** A subject an admin asks about: the words that name it, and its answer from the figures sent, or null when they hold none. */
type Topic = { readonly name: string; readonly words: RegExp; readonly answer: (figures: Figures) => string | null };

/** A small count arrives as words ("fewer than 5"), so that no figure points at one member. */
const count = (n: PeopleCount, one: string, many = `${one}s`) =>
  typeof n === 'number' ? `${n.toLocaleString('en-US')} ${n === 1 ? one : many}` : `${n} ${many}`;
const plain = (n: PeopleCount) => (typeof n === 'number' ? n.toLocaleString('en-US') : n);

/** Everyone on the last day of the trend, minus everyone seven days before it. */
function newThisWeek(figures: Figures): string | null {
  const trend = figures.membershipTrends ?? [];
  if (trend.length < 2) return null;
  const total = (entry: (typeof trend)[number]) =>
    [entry.free, entry.premium, entry.vip].reduce<number | null>(
      (sum, n) => (sum === null || typeof n !== 'number' ? null : sum + n),
      0,
    );
  const last = trend[trend.length - 1];
  const weekBefore = trend[Math.max(0, trend.length - 8)];
  const [now, then] = [total(last), total(weekBefore)];
  if (now === null || then === null)
    return `the trend holds a tier of fewer than 5 members, so I cannot give an exact difference without pointing at someone.`;
  return `${count(now - then, 'new member')} from ${weekBefore.date} to ${last.date} (${then.toLocaleString('en-US')} then, ${now.toLocaleString('en-US')} on ${last.date}).`;
}

const TOPICS: readonly Topic[] = [
  { name: 'new members this week', words: /\bnew\b|joined|sign(ed)?[ -]?ups?|growth|grow/i, answer: newThisWeek },
  {
    name: 'members',
    words: /member|user|people|account|premium|vip|free/i,
    answer: ({ stats }) =>
      stats
        ? `${count(stats.totalUsers, 'member')} in all, ${count(stats.activeUsers, 'active member')}; by membership: ${plain(stats.freeUsers)} free, ${plain(stats.premiumUsers)} premium, ${plain(stats.vipUsers)} VIP.`
        : null,
  },
  {
    name: 'forum posts',
    words: /post|forum|campfire|thread|discussion/i,
    answer: ({ communityPulse }) =>
      communityPulse
        ? `${count(communityPulse.totalForumPosts, 'forum post')} in all; ${count(communityPulse.activeForumUsers, 'member')} posted this week.`
        : null,
  },
  {
    name: 'journal entries',
    words: /journal|entr(y|ies)|reflection|writ/i,
    answer: ({ communityPulse }) =>
      communityPulse
        ? `${count(communityPulse.totalJournalEntries, 'journal entry', 'journal entries')} in all; ${count(communityPulse.activeJournalers, 'member')} journaled this week.`
        : null,
  },
  {
    name: 'crisis detections',
    words: /crisis|crises|detect|suicid|safety|risk/i,
    answer: ({ crisisCount }) =>
      crisisCount
        ? `Crisis resources were shown ${count(crisisCount.thisWeek, 'time')} this week (counts only: no words or names are kept with them).`
        : null,
  },
  {
    name: 'bookings',
    words: /book|session|event|coach|appointment|schedul/i,
    answer: ({ upcomingEvents }) =>
      upcomingEvents ? `${count(upcomingEvents.length, 'upcoming booked session')} on the calendar.` : null,
  },
];

const NO_MODEL =
  'No AI model is connected (set OPENAI_API_KEY for free-form answers), so I answer from the figures on your screen.';

/**
 * The admin assistant with no model (issue 26): it finds which of the figures it knows the
 * question is about and reads them out, and says plainly what it cannot answer.
 */
export function offlineAdminAssistant(question: string, context: unknown): string {
  const decoded = AiAssistantRequest.type.props.context.decode(context ?? {});
  const figures: Figures = decoded._tag === 'Right' ? decoded.right : {};
  const asked = TOPICS.filter((topic) => topic.words.test(question));
  // "New members this week" already answers "members"; both match "new members".
  const topics = asked.some((topic) => topic.name === 'new members this week')
    ? asked.filter((topic) => topic.name !== 'members')
    : asked;
  const known = TOPICS.map((topic) => topic.name).join(', ');
  if (topics.length === 0) return `${NO_MODEL} I cannot answer that one. I can tell you about: ${known}.`;
  const lines = topics.map((topic) => {
    const answer = topic.answer(figures);
    return answer === null
      ? `I cannot answer about ${topic.name}: those figures were not on the screen when you asked.`
      : `${topic.name[0].toUpperCase()}${topic.name.slice(1)}: ${answer}`;
  });
  return [NO_MODEL, ...lines].join('\n');
}
