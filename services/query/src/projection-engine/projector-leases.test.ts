import { setTimeout as sleep } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import pg from 'pg';
import { QUERY_PROJECTORS } from '../start-projectors';
import { openReadModels } from '../projections';
import { ProjectorLeases } from './projector-leases';
import { ProjectorRuntime } from './projector-runtime';

const ALL = QUERY_PROJECTORS.map(({ projector }) => projector.name).sort();

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (let waited = 0; !(await condition()); waited += 50) {
    if (waited > 20_000) throw new Error(`never: ${what}`);
    await sleep(50);
  }
}

describe('projector leases between query replicas', () => {
  let databaseUrl: string;
  let store: PostgresEventStore;
  let orm: MikroORM;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    orm = await openReadModels(databaseUrl);
  });
  afterAll(async () => {
    await orm?.close();
    await store?.close();
  });

  const replica = (retryMs: number) => {
    const runtime = new ProjectorRuntime(orm, store);
    return {
      runtime,
      leases: new ProjectorLeases(databaseUrl, runtime, QUERY_PROJECTORS, { retryMs, heartbeatMs: 100 }),
    };
  };

  it('runs each projector in one replica, and moves them all when that replica loses its database session', async () => {
    // The first does not try again within the test: whatever it held must move to the second.
    const [first, second] = [replica(60_000), replica(100)];
    await first.leases.start();
    await second.leases.start();
    try {
      expect({ first: first.leases.holding().sort(), second: second.leases.holding() }).toEqual({
        first: ALL,
        second: [],
      });
      expect(
        first.runtime.checkpoints
          .all()
          .map((c) => c.name)
          .sort(),
      ).toEqual(ALL);

      // What PostgreSQL does to a replica that died or was cut off: its session ends, its locks go.
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const { rows } = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 7412011 AND granted LIMIT 1",
      );
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      await admin.end();

      // The first stops its projectors as soon as it hears its session is gone; the second takes them within its retry.
      await until(
        () => second.leases.holding().length === ALL.length && first.runtime.checkpoints.all().length === 0,
        'the second replica took every projector over',
      );
      // A projector runs only where its lease is.
      expect({ first: first.leases.holding(), firstRuns: first.runtime.checkpoints.all() }).toEqual({
        first: [],
        firstRuns: [],
      });
      expect(
        second.runtime.checkpoints
          .all()
          .map((c) => c.name)
          .sort(),
      ).toEqual(ALL);
    } finally {
      await first.leases.stop();
      await second.leases.stop();
    }
  });
});
