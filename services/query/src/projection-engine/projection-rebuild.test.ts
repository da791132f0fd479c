import type { MikroORM } from '@mikro-orm/postgresql';
import { comparePositions } from '@reflections/contracts/position';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { PROJECTORS } from '../projections';
import { REPORT_PROJECTORS } from '../reports/reports';
import { generateEventLog, settledLog, streamOf } from '../testing/generated-events';
import { rowsOf } from '../testing/rebuild-comparison';
import { openReadModels } from '../projections';
import { ProjectionRebuild } from './projection-rebuild';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
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
  // A test that fails or runs out of time leaves its runtime projecting into the tables the next test compares.
  const started: ProjectorRuntime[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((runtime) => runtime.stop()));
  });

  it('gives exactly the rows incremental projection gave, for every projection and report, over a few thousand varied events', async () => {
    const runtime = new ProjectorRuntime(orm, store, { onError: (name, error) => console.error(name, error) });
    started.push(runtime);
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

  it('carries a live feed over from the live tables and writes it only for the events they had not projected yet, giving the rows incremental projection gave', async () => {
    const notifications = PROJECTORS.find((projector) => projector.liveFeedTables?.length)!;
    const runtime = new ProjectorRuntime(orm, store);
    started.push(runtime);
    await runtime.start([notifications]);
    const earlier = await store.readAll({ maxCount: 1_000_000 });
    const before = earlier[earlier.length - 1];
    const log = generateEventLog({ appends: 300, seed: 8 });
    for (const group of log) await store.appendToStream(streamOf(group), group);
    const [last] = (await settledLog(store, earlier.length + log.flat().length)).slice(-1);
    expect(await runtime.waitFor(last.position, 30_000)).toBe(true);
    await runtime.stop();
    const incremental = await rowsOf(orm, notifications);
    const feed = (await rowsOf(orm, { ...notifications, tables: notifications.liveFeedTables! })).forum_live_changes;
    const isLater = (row: string) => {
      const { position_commit, position_prepare } = JSON.parse(row) as Record<string, number>;
      return (
        comparePositions({ commit: BigInt(position_commit), prepare: BigInt(position_prepare) }, before.position) > 0
      );
    };
    // Both kinds of row, or the comparison below proves nothing.
    expect({ earlier: feed.filter((row) => !isLater(row)).length > 0, later: feed.filter(isLater).length > 0 }).toEqual(
      {
        earlier: true,
        later: true,
      },
    );

    // As if the live runtime had stopped before the later events: neither their feed rows nor the checkpoint.
    const [commit, prepare] = [String(before.position.commit), String(before.position.prepare)];
    await orm.em.fork().execute(
      `DELETE FROM forum_live_changes WHERE (position_commit, position_prepare) > (?::bigint, ?::bigint);
         UPDATE projector_checkpoints SET commit_position = ?::bigint, prepare_position = ?::bigint WHERE name = ?`,
      [commit, prepare, commit, prepare, notifications.name],
    );
    await new ProjectionRebuild(orm, store, notifications).run();
    expect(await rowsOf(orm, notifications)).toEqual(incremental);
  });

  it('never shows a reader empty or partial tables while it rebuilds', async () => {
    const users = PROJECTORS.find((projector) => projector.name === 'users')!;
    const runtime = new ProjectorRuntime(orm, store);
    started.push(runtime);
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

  it('gives the same rows in small pages, each applied while the page before is still being written, as in large ones', async () => {
    // The log of the tests above; the pulse and the journal load rows their earlier pages wrote.
    const overlapping = EVERY_PROJECTOR.filter((projector) => projector.overlapsPages);
    expect(overlapping.map((projector) => projector.name)).toEqual(
      expect.arrayContaining(['admin-pulse', 'member-activities', 'journal']),
    );
    for (const projector of overlapping) {
      await new ProjectionRebuild(orm, store, projector).run();
      const inLargePages = await rowsOf(orm, projector);
      let pages = 0;
      await new ProjectionRebuild(orm, store, projector).run({ batchSize: 23, onProgress: () => (pages += 1) });
      expect({ projector: projector.name, tables: await rowsOf(orm, projector) }).toEqual({
        projector: projector.name,
        tables: inLargePages,
      });
      if (projector.name === 'admin-pulse') expect(pages).toBeGreaterThan(10);
    }
  });

  it("swaps in tables with the live ones' columns, defaults, constraints and indexes under the same names, and sequences of their own", async () => {
    // Each projector's tables exist from the tests above; each is rebuilt once more here.
    const definitions = (tables: readonly string[]) =>
      orm.em.fork().execute<{ table: string; what: string }[]>(
        `SELECT c.relname AS table,
                concat_ws(' ', 'column', a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                          regexp_replace(pg_get_expr(d.adbin, d.adrelid), '^nextval.*', 'nextval')) AS what
           FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
           LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE n.nspname = 'public' AND c.relname = ANY(?::text[]) AND a.attnum > 0 AND NOT a.attisdropped
         UNION ALL
         SELECT c.relname, concat_ws(' ', 'constraint', k.conname, pg_get_constraintdef(k.oid))
           FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relname = ANY(?::text[])
         UNION ALL
         SELECT tablename, 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY(?::text[])
         ORDER BY 1, 2`,
        [`{${tables.join(',')}}`, `{${tables.join(',')}}`, `{${tables.join(',')}}`],
      );
    /** Each serial column's sequence, if it lives beside its table in public. */
    const ownSequences = () =>
      orm.em.fork().execute<{ owner: string }[]>(
        `SELECT t.relname || '.' || a.attname AS owner
           FROM pg_class s JOIN pg_namespace sn ON sn.oid = s.relnamespace
           JOIN pg_depend d ON d.objid = s.oid AND d.deptype = 'a' AND d.refobjsubid > 0
           JOIN pg_class t ON t.oid = d.refobjid JOIN pg_namespace tn ON tn.oid = t.relnamespace
           JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
          WHERE s.relkind = 'S' AND sn.nspname = 'public' AND tn.nspname = 'public' ORDER BY 1`,
      );
    const sequencesBefore = await ownSequences();
    for (const projector of EVERY_PROJECTOR) {
      const before = await definitions(projector.tables);
      expect(before.length).toBeGreaterThan(0);
      await new ProjectionRebuild(orm, store, projector).run();
      expect({ projector: projector.name, definitions: await definitions(projector.tables) }).toEqual({
        projector: projector.name,
        definitions: before,
      });
    }
    expect(await ownSequences()).toEqual(sequencesBefore);
    const [{ schemas }] = await orm.em
      .fork()
      .execute<{ schemas: number }[]>(`SELECT count(*)::int AS schemas FROM pg_namespace WHERE nspname LIKE 'replay%'`);
    expect(schemas).toBe(0);
  });

  it('fails without swapping when a deferred index cannot be built, and swaps in every table with its indexes once it can', async () => {
    await orm.em.fork().execute(
      `CREATE TABLE rebuild_keys (id text NOT NULL, CONSTRAINT rebuild_keys_pkey PRIMARY KEY (id));
       CREATE TABLE rebuild_notes (id text NOT NULL, note text NOT NULL);
       CREATE INDEX rebuild_notes_note ON rebuild_notes (note);
       INSERT INTO rebuild_keys VALUES ('live')`,
    );
    // Its own events, so that it runs alone too.
    for (const group of generateEventLog({ appends: 30, seed: 9 })) await store.appendToStream(streamOf(group), group);
    const [first] = await store.readAll({ maxCount: 1 });
    let keyOf = (event: RecordedEvent) => event.id;
    const projector: Projector = {
      name: 'rebuild-keys-test',
      tables: ['rebuild_keys', 'rebuild_notes'],
      insertOnlyTables: ['rebuild_keys'],
      handlers: {
        [first.type]: async (em, event) => {
          await em.execute('INSERT INTO rebuild_keys (id) VALUES (?)', [keyOf(event)]);
          await em.execute('INSERT INTO rebuild_notes (id, note) VALUES (?, ?)', [event.id, event.type]);
        },
      },
    };
    const events = (await store.readAll({ maxCount: 1_000_000 })).filter((event) => event.type === first.type);
    expect(events.length).toBeGreaterThan(1);
    const tables = () =>
      orm.em
        .fork()
        .execute<{ keys: number; live: boolean; notes: number; indexes: string }[]>(
          `SELECT (SELECT count(*)::int FROM rebuild_keys) AS keys, EXISTS (SELECT 1 FROM rebuild_keys WHERE id = 'live') AS live,
                  (SELECT count(*)::int FROM rebuild_notes) AS notes,
                  (SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes
                    WHERE schemaname = 'public' AND tablename IN ('rebuild_keys', 'rebuild_notes')) AS indexes`,
        )
        .then(([row]) => row);

    // Every event writes the same key: the primary key, built once the rows are in, fails.
    keyOf = () => 'same';
    await expect(new ProjectionRebuild(orm, store, projector).run()).rejects.toThrow(
      /rebuild_keys_pkey|duplicate|unique/i,
    );
    expect(await tables()).toEqual({ keys: 1, live: true, notes: 0, indexes: 'rebuild_keys_pkey,rebuild_notes_note' });

    keyOf = (event) => event.id;
    await new ProjectionRebuild(orm, store, projector).run();
    expect(await tables()).toEqual({
      keys: events.length,
      live: false,
      notes: events.length,
      indexes: 'rebuild_keys_pkey,rebuild_notes_note',
    });
  });
});
