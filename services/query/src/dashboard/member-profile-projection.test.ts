import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { type ProjectorsForTest, projectorsForTest } from '@reflections/testing/projectors-for-test';
import type { ProjectorRuntime } from '../projection-engine/projector-runtime';
import { JournalEntry } from '../journal/journal-entry.entity';
import { journalProjection } from '../journal/journal-projection';
import { userStats } from '../journal/user-stats';
import { MemberProfile } from './member-profile.entity';
import { memberProfileProjection } from './member-profile-projection';
import { journeyAnswers } from '@reflections/testing/journey-answers';

const metadata = { causedBy: null, correlationId: 'test', schemaVersion: 1 };
const event = (type: string, data: Record<string, unknown>) => ({ id: randomUUID(), type, data, metadata });
const answers = journeyAnswers({ seeking: 'connection' });

describe('member-area projections', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  let runtime: ProjectorRuntime;
  let fixture: ProjectorsForTest;
  beforeAll(async () => {
    fixture = await projectorsForTest([memberProfileProjection, journalProjection]);
    ({ store, orm, runtime } = fixture);
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('given registration, a membership change and journal events, then rows equal to a fresh rebuild', async () => {
    const userId = randomUUID();
    const entryId = randomUUID();
    const at = '2026-11-22T20:00:00.000Z';
    await store.appendToStream(`user-${userId}`, [
      event('UserRegistered', {
        userId,
        email: `${userId}@example.com`,
        firstName: 'Kai',
        lastName: '',
        passwordHash: 'x',
        answers,
        archetype: 'warrior',
        membershipType: 'free',
        registeredAt: at,
      }),
      event('MembershipChanged', { userId, membershipType: 'premium', at }),
    ]);
    await store.appendToStream(`journal-${userId}`, [
      event('JournalEntrySubmitted', {
        entryId,
        userId,
        source: 'rai-chat',
        text: 'Long week.',
        prompt: null,
        mood: null,
        submittedAt: at,
      }),
      event('RaiReplyGenerated', {
        entryId,
        userId,
        reply: 'I hear you.',
        mood: 'overwhelmed',
        insights: [],
        responder: 'offline',
        crisis: false,
        generatedAt: at,
      }),
      event('RaiReplyFailed', { entryId, userId, reason: 'late duplicate', failedAt: at }),
    ]);
    await runtime.caughtUp();

    const rows = async () => ({
      profile: await orm.em.fork().findOneOrFail(MemberProfile, { userId }),
      entry: await orm.em.fork().findOneOrFail(JournalEntry, { id: entryId }),
      stats: await userStats(orm.em.fork(), userId),
    });
    const projected = await rows();
    expect(projected.profile).toMatchObject({
      firstName: 'Kai',
      membershipType: 'premium',
      archetype: 'warrior',
      seeking: 'Men I can be real with',
      peaceMeaning: expect.any(String),
    });
    expect(projected.entry).toMatchObject({
      status: 'answered',
      aiGuidance: 'I hear you.',
      detectedMood: 'overwhelmed',
      chosenMood: null,
    });
    expect(projected.stats).toMatchObject({ averageMood: 1, totalReflections: 1 });

    await runtime.rebuild(memberProfileProjection.name);
    await runtime.rebuild(journalProjection.name);
    await runtime.caughtUp();
    expect(await rows()).toEqual(projected);
  });
});
