import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { currentSchemaVersion, upcastEvent } from '@reflections/contracts/event-schemas';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { UserAccount } from '../auth/user-account.entity';
import { usersProjection } from '../auth/users-projection';
import { readReport } from '../reports/report';
import { REPORT_PROJECTORS, REPORTS } from '../reports/reports';
import { settledLog } from '../testing/generated-events';
import { ProjectorRuntime } from './projector-runtime';
import { useStoreAndReadModels } from '../testing/store-and-read-models';

/** UserRegistered as it was written before schema version 2: no registeredVia. */
const userRegisteredV1 = (userId: string, answers: Record<string, unknown> | null) => ({
  id: randomUUID(),
  type: 'UserRegistered',
  metadata: { causedBy: null, correlationId: 'v1', schemaVersion: 1 },
  data: {
    userId,
    email: `${userId}@example.com`,
    firstName: 'Old',
    lastName: '',
    passwordHash: 'x',
    answers,
    archetype: 'warrior',
    membershipType: 'free',
    registeredAt: '2025-03-03T10:00:00Z',
  },
});

const v1Answers = {
  gender: 'Male',
  age: '40–46',
  innerLandscape: 'fog',
  voiceInHead: 'critic',
  presenceInRoom: 'smooth',
  returnToSelf: ['nature'],
  seeking: 'calm',
  emotionRegulation: 'push-down',
  wishOthersKnew: 'w',
  futureMessage: 'f',
  invisibleWeight: 'providing',
  innerStrength: 'loyalty',
  emotionalWall: 'burden',
  peaceMeans: 'quiet-mind',
  coreDrive: 'harmony',
};

describe('upcasting on read', () => {
  it('brings UserRegistered v1 up to today: registeredVia from whether the journey gave answers', () => {
    const journey = upcastEvent(userRegisteredV1('u1', v1Answers));
    expect(currentSchemaVersion('UserRegistered')).toBe(2);
    expect(journey.data).toMatchObject({ userId: 'u1', registeredVia: 'journey' });
    expect(journey.metadata.schemaVersion).toBe(2);
    expect(upcastEvent(userRegisteredV1('u2', null)).data).toMatchObject({ registeredVia: 'admin' });
    const today = { ...journey, data: { ...journey.data, registeredVia: 'admin' } };
    expect(upcastEvent(today)).toBe(today);
    const unchanged = {
      type: 'UserLoggedIn',
      data: { userId: 'u1', at: 'now' },
      metadata: { causedBy: null, correlationId: 'c', schemaVersion: 1 },
    };
    expect(upcastEvent(unchanged)).toBe(unchanged);
  });

  describe("replaying events of the old version into today's read models", () => {
    let store: PostgresEventStore;
    let orm: MikroORM;
    useStoreAndReadModels((opened) => ({ store, orm } = opened));

    it('projects them as if they had been written today', async () => {
      const [member, admin] = [randomUUID(), randomUUID()];
      await store.appendToStream(`user-${member}`, [userRegisteredV1(member, v1Answers)]);
      await store.appendToStream(`user-${admin}`, [userRegisteredV1(admin, null)]);
      const log = await settledLog(store, 2);
      expect(log.map((event) => (event.data as { registeredVia: string }).registeredVia)).toEqual(['journey', 'admin']);
      expect((await store.readStream(`user-${admin}`))[0].metadata.schemaVersion).toBe(2);

      const runtime = new ProjectorRuntime(orm, store);
      await runtime.start([usersProjection, ...REPORT_PROJECTORS]);
      await runtime.rebuild('onboarding-answers');
      await runtime.rebuild('retention');
      await runtime.caughtUp();
      await runtime.stop();

      expect(await orm.em.fork().count(UserAccount, {})).toBe(2);
      const em = orm.em.fork();
      const onboarding = await readReport(
        em,
        REPORTS.find((r) => r.name === 'onboarding-answers')!,
      );
      expect(onboarding.rows).toContainEqual(
        expect.objectContaining({ archetype: 'warrior', question: 'innerLandscape', answer: 'fog', members: 1 }),
      );
      expect(onboarding.rows.every((row) => row.members === 1)).toBe(true);
      const retention = await readReport(
        em,
        REPORTS.find((r) => r.name === 'retention')!,
      );
      expect(retention.rows).toEqual([]);
      const members = await em.execute(
        'SELECT user_id, cohort_week::text AS cohort_week FROM report_retention_members',
      );
      expect(members).toEqual([{ user_id: member, cohort_week: '2025-03-03' }]);
    });
  });
});
