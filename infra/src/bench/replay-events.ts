import { randomUUID } from 'node:crypto';
import { ARCHETYPE_IDS } from '@reflections/contracts/archetypes';
import { currentSchemaVersion } from '@reflections/contracts/event-schemas';
import { FORUM_CATEGORIES } from '@reflections/contracts/forum';
import { forumCategoryCreated } from '@reflections/command/forum/forum-categories';
import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import { PEACE_SECTION_IDS } from '@reflections/contracts/peace';
import { MOODS } from '@reflections/contracts/rai';
import type { EventToAppend } from '@reflections/platform/event-store/event-store';
import { seeded } from '@reflections/platform/testing/seeded-random';
import { contractModules } from '@reflections/query/testing/generated-events';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Everything the site has seen so far that later members' events refer to. */
type World = {
  random: ReturnType<typeof seeded>;
  admins: string[];
  posts: { postId: string; replies: string[]; reports: string[] }[];
  announcements: string[];
};

/**
 * The replay bench's log: members' lives as the site would record them, in order. A member
 * registers (mostly through the journey, with varied answers), signs in and out, writes to
 * RAI (replies, failed replies, crisis resources), tells a five-minute story, answers
 * P.E.A.C.E. questions, posts and replies on both forum boards, reports content, books
 * sessions, changes membership; admins pin, hide, restore and dismiss, and publish, edit
 * and withdraw announcements. Every event type a projection or report reads appears, in
 * proportions like a real site's (sign-ins and journal entries common, moderation rare).
 */
export function replayBenchLog(events: number, seed = 2026): EventToAppend[][] {
  const world: World = { random: seeded(seed), admins: [], posts: [], announcements: [] };
  const groups: EventToAppend[][] = [[...forumCategories(), ...admins(world)]];
  let total = groups[0].length;
  for (let index = 0; total < events; index++) {
    const life = memberLife(world, index).slice(0, events - total);
    groups.push(life);
    total += life.length;
  }
  return groups;
}

const event = (type: string, data: Record<string, unknown>, causedBy: string | null): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata: { causedBy, correlationId: randomUUID(), schemaVersion: currentSchemaVersion(type) },
});

function forumCategories(): EventToAppend[] {
  return FORUM_CATEGORIES.map((category) => {
    const { type, data } = forumCategoryCreated(category, '2026-01-01T00:00:00.000Z');
    return event(type, data, null);
  });
}

function admins(world: World): EventToAppend[] {
  return Array.from({ length: 3 }, (_, i) => {
    const userId = randomUUID();
    world.admins.push(userId);
    const at = new Date(Date.UTC(2026, 0, 1) + i * MINUTE).toISOString();
    return [
      event(
        'UserRegistered',
        {
          userId,
          email: `admin-${i}@bench.test`,
          firstName: 'Admin',
          lastName: String(i),
          passwordHash: 'x',
          answers: null,
          archetype: 'peacemaker',
          membershipType: 'vip',
          registeredAt: at,
          registeredVia: 'admin',
        },
        null,
      ),
      event('RoleGranted', { userId, role: 'admin', at }, null),
    ];
  }).flat();
}

function journeyAnswers(random: World['random']): Record<string, string | string[]> {
  return Object.fromEntries(
    JOURNEY_QUESTIONS.map((question) => {
      if (question.kind === 'text')
        return [question.field, random.pick(['Keep going.', 'That I carry more than I show.', 'Breathe first.'])];
      const values = question.choices.map((choice) => choice.value);
      if (question.kind === 'single') return [question.field, random.pick(values)];
      return [
        question.field,
        values
          .filter(() => random.next() < 0.35)
          .concat(random.pick(values))
          .filter((value, i, all) => all.indexOf(value) === i),
      ];
    }),
  );
}

/** One member's events, from registration on: about 25 on average. */
function memberLife(world: World, index: number): EventToAppend[] {
  const { random } = world;
  const userId = randomUUID();
  const joined = Date.UTC(2026, 0, 1) + (index % 240) * DAY + random.int(DAY);
  let clock = joined;
  // Each event a little after the one before: hours apart, sometimes minutes (one sitting).
  const later = (minutes = random.int(3 * 24 * 60)) => new Date((clock += (1 + minutes) * MINUTE)).toISOString();
  const byMember = (type: string, data: Record<string, unknown>) => event(type, data, userId);
  const byAdmin = (type: string, data: Record<string, unknown>) => event(type, data, random.pick(world.admins));
  const journey = random.next() < 0.9;
  const membershipType = random.pick(['free', 'free', 'free', 'premium', 'vip']);
  const life = [
    event(
      'UserRegistered',
      {
        userId,
        email: `${userId}@bench.test`,
        firstName: random.pick(['Sam', 'Dan', 'Luis', 'Kofi', 'Wei']),
        lastName: 'Bench',
        passwordHash: 'x',
        answers: journey ? journeyAnswers(random) : null,
        archetype: random.pick(ARCHETYPE_IDS),
        membershipType,
        registeredAt: new Date(joined).toISOString(),
        registeredVia: journey ? 'journey' : 'admin',
      },
      null,
    ),
  ];
  for (let visit = 0, visits = 2 + random.int(8); visit < visits; visit++) {
    life.push(byMember('UserLoggedIn', { userId, at: later() }));
    if (random.next() < 0.6) writeToRai(life, userId, byMember, later, random);
    if (random.next() < 0.15) tellStory(life, userId, byMember, later, random);
    if (random.next() < 0.2)
      life.push(
        byMember('PeaceResponseRecorded', {
          responseId: randomUUID(),
          userId,
          section: random.pick(PEACE_SECTION_IDS),
          prompt: 'What gave you purpose today?',
          response: 'My kids.',
          recordedAt: later(5),
        }),
      );
    if (random.next() < 0.25) gatherAtTheFire(life, world, userId, byMember, byAdmin, later);
    if (random.next() < 0.5) life.push(byMember('UserLoggedOut', { userId, at: later(30) }));
  }
  if (random.next() < 0.05) life.push(byMember('PasswordChanged', { userId, passwordHash: 'y', at: later() }));
  if (random.next() < 0.15)
    life.push(
      byMember('MembershipChanged', { userId, membershipType: random.pick(['free', 'premium', 'vip']), at: later() }),
    );
  if (random.next() < 0.1) {
    const bookingId = randomUUID();
    const adminId = random.pick(world.admins);
    life.push(
      event(
        'SessionBooked',
        {
          bookingId,
          userId,
          userName: 'Sam Bench',
          sessionTitle: 'One to one',
          serviceType: random.pick(['coaching', 'retreat', 'workshop']),
          scheduledAt: later(),
          bookedBy: adminId,
          bookedAt: later(1),
        },
        adminId,
      ),
    );
    if (random.next() < 0.7)
      life.push(
        byAdmin('SessionStatusChanged', {
          bookingId,
          status: random.pick(['completed', 'cancelled']),
          changedBy: adminId,
          changedAt: later(),
        }),
      );
  }
  if (index % 150 === 0) announce(life, world, byAdmin, later);
  return life;
}

type Emit = (type: string, data: Record<string, unknown>) => EventToAppend;
type Later = (minutes?: number) => string;

function writeToRai(life: EventToAppend[], userId: string, byMember: Emit, later: Later, random: World['random']) {
  for (let entry = 0, entries = 1 + random.int(3); entry < entries; entry++) {
    const entryId = randomUUID();
    const source = random.pick(['rai-chat', 'rai-chat', 'guided-journal', 'ai-test']);
    life.push(
      byMember('JournalEntrySubmitted', {
        entryId,
        userId,
        source,
        text: 'A long week. I kept it together at work.',
        prompt: source === 'guided-journal' ? 'What weighed on you?' : null,
        mood: source === 'guided-journal' ? random.pick(MOODS) : null,
        submittedAt: later(10),
      }),
    );
    if (random.next() < 0.03) life.push(event('CrisisResourcesShown', { where: 'rai', shownAt: later(1) }, null));
    if (random.next() < 0.9)
      life.push(
        event(
          'RaiReplyGenerated',
          {
            entryId,
            userId,
            reply: 'I hear you. That is a lot to carry.',
            mood: random.pick(MOODS),
            insights: ['You kept going.'],
            responder: 'offline',
            crisis: false,
            generatedAt: later(1),
          },
          null,
        ),
      );
    else
      life.push(
        event('RaiReplyFailed', { entryId, userId, reason: 'the model did not answer', failedAt: later(1) }, null),
      );
  }
}

function tellStory(life: EventToAppend[], userId: string, byMember: Emit, later: Later, random: World['random']) {
  const sessionId = randomUUID();
  life.push(
    byMember('StorySessionStarted', { sessionId, userId, firstPrompt: 'Where were you?', startedAt: later(10) }),
  );
  const steps = 1 + random.int(5);
  for (let step = 1; step <= steps; step++) {
    const last = step === 5;
    life.push(
      byMember('StoryResponseSubmitted', {
        sessionId,
        userId,
        step,
        response: 'By the lake.',
        nextPrompt: last ? null : 'What did you hear?',
        submittedAt: later(2),
      }),
    );
  }
  if (steps === 5)
    life.push(
      byMember('StoryCompleted', {
        sessionId,
        userId,
        storyText: 'By the lake, I heard the wind.',
        sessionDuration: random.next() < 0.9 ? 300 : null,
        completedAt: later(1),
      }),
    );
}

function gatherAtTheFire(
  life: EventToAppend[],
  world: World,
  userId: string,
  byMember: Emit,
  byAdmin: Emit,
  later: Later,
) {
  const { random, posts } = world;
  if (posts.length < 20 || random.next() < 0.3) {
    const category = random.pick(FORUM_CATEGORIES);
    const postId = randomUUID();
    life.push(
      byMember('PostCreated', {
        postId,
        board: category.board,
        categoryId: category.id,
        category: category.key,
        title: 'Around the fire',
        content: 'Tonight was hard.',
        isAnonymous: random.next() < 0.3,
        authorId: userId,
        createdAt: later(10),
      }),
    );
    posts.push({ postId, replies: [], reports: [] });
  }
  // Recent posts get the replies, as on the site.
  for (let reply = 0, replies = random.int(4); reply < replies; reply++) {
    const post = posts[Math.max(0, posts.length - 1 - random.int(30))];
    const replyId = randomUUID();
    life.push(
      byMember('ReplyAdded', {
        postId: post.postId,
        replyId,
        content: 'With you, brother.',
        isAnonymous: random.next() < 0.2,
        authorId: userId,
        createdAt: later(5),
      }),
    );
    post.replies.push(replyId);
  }
  const post = random.pick(posts);
  const moderation = random.next();
  const at = later(20);
  if (moderation < 0.05) {
    const reportId = randomUUID();
    const replyId = post.replies.length > 0 && random.next() < 0.5 ? random.pick(post.replies) : null;
    life.push(
      byMember('ContentReported', {
        reportId,
        postId: post.postId,
        replyId,
        reason: 'Not kind',
        reporterId: userId,
        reportedAt: at,
      }),
    );
    post.reports.push(reportId);
  } else if (moderation < 0.08)
    life.push(
      byAdmin(random.pick(['PostPinned', 'PostUnpinned']), {
        postId: post.postId,
        adminId: random.pick(world.admins),
        at,
        reason: '',
      }),
    );
  else if (moderation < 0.1)
    life.push(
      byAdmin(random.pick(['PostHidden', 'PostRestored']), {
        postId: post.postId,
        adminId: random.pick(world.admins),
        at,
        reason: '',
      }),
    );
  else if (moderation < 0.12 && post.replies.length > 0)
    life.push(
      byAdmin(random.pick(['ReplyHidden', 'ReplyRestored']), {
        postId: post.postId,
        replyId: random.pick(post.replies),
        adminId: random.pick(world.admins),
        at,
        reason: '',
      }),
    );
  else if (moderation < 0.14 && post.reports.length > 0)
    life.push(
      byAdmin('ReportDismissed', {
        postId: post.postId,
        reportId: random.pick(post.reports),
        adminId: random.pick(world.admins),
        at,
        reason: '',
      }),
    );
}

function announce(life: EventToAppend[], world: World, byAdmin: Emit, later: Later) {
  const { random } = world;
  const announcementId = randomUUID();
  const by = random.pick(world.admins);
  life.push(
    byAdmin('AnnouncementPublished', {
      announcementId,
      title: 'Full moon breathwork',
      body: 'Join us on Friday.',
      publishedBy: by,
      publishedAt: later(),
    }),
  );
  world.announcements.push(announcementId);
  const earlier = random.pick(world.announcements);
  if (random.next() < 0.5)
    life.push(
      byAdmin('AnnouncementEdited', {
        announcementId: earlier,
        title: 'Full moon breathwork (moved)',
        body: 'Join us on Saturday.',
        editedBy: by,
        editedAt: later(),
      }),
    );
  else life.push(byAdmin('AnnouncementWithdrawn', { announcementId: earlier, withdrawnBy: by, withdrawnAt: later() }));
}

/** Every generated event matches its contract: a replay of invalid events would measure nothing. */
export function checkAgainstContracts(groups: readonly EventToAppend[][]): Record<string, number> {
  const codecs = new Map(contractModules().flatMap((module) => module.events.map((e) => [e.type, e.codec] as const)));
  const counts: Record<string, number> = {};
  for (const generated of groups.flat()) {
    const codec = codecs.get(generated.type);
    if (!codec || codec.decode({ type: generated.type, data: generated.data })._tag === 'Left')
      throw new Error(`the bench generated an invalid ${generated.type}: ${JSON.stringify(generated.data)}`);
    counts[generated.type] = (counts[generated.type] ?? 0) + 1;
  }
  return counts;
}
