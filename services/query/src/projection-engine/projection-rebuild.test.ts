import type { MikroORM } from '@mikro-orm/postgresql';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { PROJECTORS } from '../projections';
import { REPORT_PROJECTORS } from '../reports/reports';
import { generateEventLog, settledLog, streamOf } from '../testing/generated-events';
import { rowsOf } from '../testing/rebuild-comparison';
import { openReadModels } from '../projections';
import { ProjectionRebuild } from './projection-rebuild';
import type { Projector } from './projector';
import { ProjectorRuntime } from './projector-runtime';

const EVERY_PROJECTOR: readonly Projector[] = [...PROJECTORS, ...REPORT_PROJECTORS];

describe('rebuilding a projection into fresh tables', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    store = await PostgresEventStore.connect({ connectionString: databaseUrl, poolSize: 6 });
    orm = await openReadModels(databaseUrl);
  });
  afterAll(async () => {
    await orm.close();
    await store.close();
  });

  it('gives exactly the rows incremental projection gave, for every projection and report, over a few thousand varied events', async () => {
    const runtime = new ProjectorRuntime(orm, store, { onError: (name, error) => console.error(name, error) });
    await runtime.start(EVERY_PROJECTOR);
    const log = generateEventLog({ appends: 900, seed: 7 });
    // Three writers, so the runtime projects small, interleaved batches as it would live.
    for (let i = 0; i < log.length; i += 3)
      await Promise.all(log.slice(i, i + 3).map((group) => store.appendToStream(streamOf(group), group)));
    const [last] = (await settledLog(store, log.flat().length)).slice(-1);
    expect(await runtime.waitFor(last.position, 30_000)).toBe(true);
    const types = new Set(log.flat().map((event) => event.type));
    expect(log.flat().length).toBeGreaterThan(2000);
    for (const projector of EVERY_PROJECTOR) {
      const incremental = await rowsOf(orm, projector);
      const handled = Object.keys(projector.handlers).filter((type) => types.has(type));
      const filled = Object.values(incremental).some((rows) => rows.length > 0);
      expect({ projector: projector.name, generatedTypes: handled.length > 0, filled }).toEqual({
        projector: projector.name,
        generatedTypes: true,
        filled: true,
      });
      await runtime.rebuild(projector.name);
      expect({ projector: projector.name, tables: await rowsOf(orm, projector) }).toEqual({
        projector: projector.name,
        tables: incremental,
      });
    }
    await runtime.stop();
  });

  it('never shows a reader empty or partial tables while it rebuilds', async () => {
    const users = PROJECTORS.find((projector) => projector.name === 'users')!;
    const runtime = new ProjectorRuntime(orm, store);
    await runtime.start([users]);
    await runtime.caughtUp();
    const expected = await orm.em
      .fork()
      .execute<{ members: number; logins: number }[]>(
        'SELECT count(*)::int AS members, sum(login_count)::int AS logins FROM user_accounts',
      );
    expect(expected[0].members).toBeGreaterThan(100);

    const seen: { members: number; logins: number }[] = [];
    let rebuilding = true;
    const reader = (async () => {
      const em = orm.em.fork();
      while (rebuilding)
        seen.push(
          (
            await em.execute<{ members: number; logins: number }[]>(
              'SELECT count(*)::int AS members, sum(login_count)::int AS logins FROM user_accounts',
            )
          )[0],
        );
    })();
    await new ProjectionRebuild(orm, store, users).run({ batchSize: 50 });
    rebuilding = false;
    await reader;
    await runtime.stop();

    expect(seen.length).toBeGreaterThan(10);
    expect(
      seen.filter((observed) => observed.members !== expected[0].members || observed.logins !== expected[0].logins),
    ).toEqual([]);
  });
});
