import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { OnboardingAnswers } from '@reflections/contracts/identity';
import { currentSchemaVersion } from '@reflections/contracts/event-schemas';
import type { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { type ProjectorsForTest, projectorsForTest } from '@reflections/testing/projectors-for-test';
import type { ProjectorRuntime } from '../projection-engine/projector-runtime';
import { settledLog } from '../testing/generated-events';
import { toCsv } from './csv';
import { readReport } from './report';
import { REPORT_PROJECTORS, REPORTS } from './reports';
import { weekOf } from './week';
import { journeyAnswers } from '@reflections/testing/journey-answers';

const event = (type: string, data: Record<string, unknown>, causedBy: string | null = null) => ({
  id: randomUUID(),
  type,
  data,
  metadata: { causedBy, correlationId: 'report-test', schemaVersion: currentSchemaVersion(type) },
});

const registered = (userId: string, at: string, archetype: string, given: OnboardingAnswers | null) =>
  event('UserRegistered', {
    userId,
    email: `${userId}@example.com`,
    firstName: 'M',
    lastName: '',
    passwordHash: 'x',
    answers: given,
    archetype,
    membershipType: 'free',
    registeredAt: at,
    registeredVia: given ? 'journey' : 'admin',
  });
const loggedIn = (userId: string, at: string) => event('UserLoggedIn', { userId, at });
const submitted = (userId: string, entryId: string, at: string, mood: string | null) =>
  event('JournalEntrySubmitted', {
    entryId,
    userId,
    source: 'rai-chat',
    text: 'a hard week',
    prompt: null,
    mood,
    submittedAt: at,
  });
const replied = (userId: string, entryId: string, mood: string) =>
  event('RaiReplyGenerated', {
    entryId,
    userId,
    reply: 'I hear you.',
    mood,
    insights: [],
    responder: 'offline',
    crisis: false,
    generatedAt: '2026-09-20T10:00:00Z',
  });

// Written without a causing user, so the retention figures below stay about sign-ins.
const posted = (postId: string, board: string, category: string, authorId: string, at: string) =>
  event('PostCreated', {
    postId,
    board,
    categoryId: 1,
    category,
    title: 'Around the fire',
    content: 'Tonight was hard.',
    isAnonymous: board === 'first-responders',
    authorId,
    createdAt: at,
  });
const repliedTo = (postId: string, replyId: string, authorId: string, at: string) =>
  event('ReplyAdded', { postId, replyId, content: 'With you.', isAnonymous: false, authorId, createdAt: at });

describe('reports over known events', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  let runtime: ProjectorRuntime;
  let fixture: ProjectorsForTest;
  const [ana, ben, cal, admin] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const view = async (name: string) =>
    readReport(
      orm.em.fork(),
      REPORTS.find((report) => report.name === name)!,
    );

  beforeAll(async () => {
    fixture = await projectorsForTest(REPORT_PROJECTORS);
    ({ store, orm, runtime } = fixture);
    const streams: [string, ReturnType<typeof event>[]][] = [
      [
        `user-${ana}`,
        [
          registered(ana, '2026-09-07T09:00:00Z', 'warrior', journeyAnswers({ returnToSelf: ['nature', 'breath'] })),
          loggedIn(ana, '2026-09-08T09:00:00Z'),
          loggedIn(ana, '2026-09-22T09:00:00Z'),
        ],
      ],
      [
        `user-${ben}`,
        [
          registered(ben, '2026-09-09T09:00:00Z', 'warrior', journeyAnswers({ innerLandscape: 'fog' })),
          loggedIn(ben, '2026-09-16T09:00:00Z'),
        ],
      ],
      [
        `user-${cal}`,
        [registered(cal, '2026-09-15T09:00:00Z', 'judge', journeyAnswers({})), loggedIn(cal, '2026-09-15T10:00:00Z')],
      ],
      [
        `user-${admin}`,
        [
          registered(admin, '2026-09-07T08:00:00Z', 'provider', null),
          loggedIn(admin, '2026-09-08T08:00:00Z'),
          // Issue 25: the journey taken later, signed in, counts with the archetype it gave.
          event('JourneyAnswersRecorded', {
            userId: admin,
            answers: journeyAnswers({ coreDrive: 'provide' }),
            archetype: 'judge',
            at: '2026-09-08T08:10:00Z',
          }),
        ],
      ],
      [
        `journal-${ana}`,
        [
          submitted(ana, 'e1', '2026-09-08T21:00:00Z', 'calm'),
          replied(ana, 'e1', 'anxious'),
          submitted(ana, 'e3', '2026-09-16T21:00:00Z', null),
        ],
      ],
      [`journal-${ben}`, [submitted(ben, 'e2', '2026-09-09T21:00:00Z', null), replied(ben, 'e2', 'sad')]],
      [
        'forumPost-p1',
        [
          posted('p1', 'campfire', 'general', ana, '2026-09-08T20:00:00Z'),
          repliedTo('p1', 'r1', ben, '2026-09-09T20:00:00Z'),
          repliedTo('p1', 'r2', ana, '2026-09-15T20:00:00Z'),
        ],
      ],
      [
        'forumPost-p2',
        [
          posted('p2', 'first-responders', 'ptsd-trauma', ben, '2026-09-10T20:00:00Z'),
          repliedTo('p2', 'r3', cal, '2026-09-16T20:00:00Z'),
        ],
      ],
      // Any event a member causes is activity: this one is recorded now.
      [
        `journal-${cal}`,
        [
          {
            ...submitted(cal, 'e4', '2026-09-17T21:00:00Z', 'hopeful'),
            metadata: { causedBy: cal, correlationId: 'c', schemaVersion: 1 },
          },
        ],
      ],
    ];
    for (const [stream, events] of streams) await store.appendToStream(stream, events);
    const log = await settledLog(store, streams.flatMap(([, events]) => events).length);
    expect(await runtime.waitFor(log[log.length - 1].position, 10_000)).toBe(true);
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('counts entries per week by the mood the member chose, or else the one RAI detected', async () => {
    expect((await view('weekly-mood')).rows).toEqual([
      { week: '2026-09-07', mood: 'calm', entries: 1 },
      { week: '2026-09-07', mood: 'sad', entries: 1 },
      { week: '2026-09-14', mood: 'hopeful', entries: 1 },
    ]);
  });

  it("counts the journey's choice answers by archetype, never free text, accounts made by admin:create only once they take the journey", async () => {
    const rows = (await view('onboarding-answers')).rows;
    const members = (archetype: string, question: string, answer: string) =>
      rows.find((r) => r.archetype === archetype && r.question === question && r.answer === answer)?.members;
    expect(members('warrior', 'innerLandscape', 'storm')).toBe(1);
    expect(members('warrior', 'innerLandscape', 'fog')).toBe(1);
    expect(members('warrior', 'returnToSelf', 'nature')).toBe(2);
    expect(members('warrior', 'returnToSelf', 'breath')).toBe(1);
    expect(members('warrior', 'coreDrive', 'harmony')).toBe(2);
    expect(members('judge', 'coreDrive', 'harmony')).toBe(1);
    expect(members('judge', 'coreDrive', 'provide')).toBe(1);
    expect(members('judge', 'innerLandscape', 'storm')).toBe(2);
    expect(rows.some((r) => r.archetype === 'provider')).toBe(false);
    expect(rows.some((r) => r.question === 'wishOthersKnew' || r.question === 'futureMessage')).toBe(false);
    // 13 choice questions, one answer each, plus a second returnToSelf answer for Ana.
    expect(rows.filter((r) => r.archetype === 'warrior').reduce((sum, r) => sum + Number(r.members), 0)).toBe(
      13 * 2 + 1,
    );
  });

  it('gives each weekly cohort its active members N weeks after registering', async () => {
    const weeksSinceCalJoined = (Date.parse(weekOf(new Date())) - Date.parse('2026-09-14')) / (7 * 24 * 60 * 60 * 1000);
    expect((await view('retention')).rows).toEqual([
      { cohort_week: '2026-09-07', members: 2, weeks_after: 0, active_members: 1, percent_active: 50 },
      { cohort_week: '2026-09-07', members: 2, weeks_after: 1, active_members: 1, percent_active: 50 },
      { cohort_week: '2026-09-07', members: 2, weeks_after: 2, active_members: 1, percent_active: 50 },
      { cohort_week: '2026-09-14', members: 1, weeks_after: 0, active_members: 1, percent_active: 100 },
      {
        cohort_week: '2026-09-14',
        members: 1,
        weeks_after: weeksSinceCalJoined,
        active_members: 1,
        percent_active: 100,
      },
    ]);
  });

  it('counts posts, replies and participants by week, board and category, replies where their post lives', async () => {
    expect((await view('forum-engagement')).rows).toEqual([
      {
        week: '2026-09-07',
        board: 'campfire',
        category: 'general',
        posts: 1,
        replies: 1,
        interactions: 2,
        participants: 2,
      },
      {
        week: '2026-09-07',
        board: 'first-responders',
        category: 'ptsd-trauma',
        posts: 1,
        replies: 0,
        interactions: 1,
        participants: 1,
      },
      {
        week: '2026-09-14',
        board: 'campfire',
        category: 'general',
        posts: 0,
        replies: 1,
        interactions: 1,
        participants: 1,
      },
      {
        week: '2026-09-14',
        board: 'first-responders',
        category: 'ptsd-trauma',
        posts: 0,
        replies: 1,
        interactions: 1,
        participants: 1,
      },
    ]);
  });

  it('exports a report as CSV with its column labels, quoting what needs quoting', async () => {
    const mood = await view('weekly-mood');
    expect(toCsv(mood.columns, mood.rows)).toBe(
      'Week starting,Mood,Entries\r\n2026-09-07,calm,1\r\n2026-09-07,sad,1\r\n2026-09-14,hopeful,1\r\n',
    );
    expect(toCsv([{ field: 'a', label: 'Say "hi", then' }], [{ a: '=HYPERLINK("x")' }])).toBe(
      '"Say ""hi"", then"\r\n"\'=HYPERLINK(""x"")"\r\n',
    );
  });
});
