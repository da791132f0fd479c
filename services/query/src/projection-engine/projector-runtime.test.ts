import type { ReadModelName } from '@reflections/contracts/admin';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { UserAccount } from '../auth/user-account.entity';
import { usersProjection } from '../auth/users-projection';
import { reportProjector } from '../reports/report';
import { BatchPacing } from './batch-pacing';
import { boundQuery } from './bound-query';
import { openReadModels } from '../projections';
import type { Projector } from './projector';
import { ProjectorCheckpoint } from './projector-checkpoint.entity';
import { ProjectorRuntime } from './projector-runtime';
import { useStoreAndReadModels } from '../testing/store-and-read-models';

const metadata = { causedBy: null, correlationId: 'test', schemaVersion: 1 };

async function registerAndLogIn(store: PostgresEventStore, users: number, loginsEach: number) {
  const ids: string[] = [];
  for (let u = 0; u < users; u++) {
    const userId = randomUUID();
    ids.push(userId);
    const registered = {
      id: randomUUID(),
      type: 'UserRegistered',
      metadata,
      data: {
        userId,
        email: `u${u}-${userId}@example.com`,
        firstName: `U${u}`,
        lastName: '',
        passwordHash: 'x',
        answers: null,
        archetype: 'warrior',
        membershipType: 'free',
        registeredAt: new Date().toISOString(),
      },
    };
    const logins = Array.from({ length: loginsEach }, () => ({
      id: randomUUID(),
      type: 'UserLoggedIn',
      metadata,
      data: { userId, at: new Date().toISOString() },
    }));
    await store.appendToStream(`user-${userId}`, [registered, ...logins]);
  }
  return ids;
}

const snapshot = async (orm: MikroORM) =>
  (await orm.em.fork().find(UserAccount, {}, { orderBy: { id: 'asc' } })).map((u) => ({
    id: u.id,
    firstName: u.firstName,
    loginCount: u.loginCount,
    role: u.role,
  }));

describe('projector runtime', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  useStoreAndReadModels((opened) => ({ store, orm } = opened));

  it('recovers from a failure in the middle of a batch with rows equal to a fresh rebuild', async () => {
    await registerAndLogIn(store, 20, 4);
    let handled = 0;
    let failed = false;
    const failingOnce: Projector = {
      ...usersProjection,
      handlers: {
        ...usersProjection.handlers,
        UserLoggedIn: async (em, event) => {
          handled += 1;
          if (handled === 37 && !failed) {
            failed = true;
            throw new Error('simulated crash in the middle of a batch');
          }
          await usersProjection.handlers.UserLoggedIn(em, event);
        },
      },
    };
    const errors: unknown[] = [];
    const runtime = new ProjectorRuntime(orm, store, {
      retryDelayMs: 20,
      onError: (_name, error) => errors.push(error),
    });
    await runtime.start([failingOnce]);
    const [last] = await store.readAll({ maxCount: 1_000 }).then((events) => events.slice(-1));
    expect(await runtime.waitFor(last.position, 10_000)).toBe(true);
    expect(failed).toBe(true);
    expect(errors).toHaveLength(1);

    const recovered = await snapshot(orm);
    expect(recovered).toHaveLength(20);
    expect(recovered.every((u) => u.loginCount === 4)).toBe(true);
    await runtime.rebuild('users');
    expect(await snapshot(orm)).toEqual(recovered);
    await runtime.stop();
  });

  it('resumes from its checkpoint after a restart without counting anything twice', async () => {
    const first = new ProjectorRuntime(orm, store);
    await first.start([usersProjection]);
    await first.caughtUp();
    const before = await snapshot(orm);
    await first.stop();

    const newIds = await registerAndLogIn(store, 3, 2);
    const second = new ProjectorRuntime(orm, store);
    await second.start([usersProjection]);
    await second.caughtUp();
    const after = await snapshot(orm);
    expect(after).toHaveLength(before.length + 3);
    for (const row of before) expect(after).toContainEqual(row);
    expect(after.filter((u) => newIds.includes(u.id)).map((u) => u.loginCount)).toEqual([2, 2, 2]);
    await second.stop();
  });
  it('passes batches it reads nothing in without a checkpoint write, and writes the checkpoint with the next batch it reads', async () => {
    const runtime = new ProjectorRuntime(orm, store);
    await runtime.start([usersProjection]);
    try {
      await runtime.caughtUp();
      const storedCheckpoint = async () =>
        (await orm.em.fork().findOneOrFail(ProjectorCheckpoint, { name: 'users' })).commitPosition;
      const before = await storedCheckpoint();

      const elsewhere = await store.appendToStream(`journal-${randomUUID()}`, [
        { id: randomUUID(), type: 'SomethingUsersIgnore', metadata, data: {} },
      ]);
      // A member's read waiting for that write is not held up: the position moves in memory.
      expect(await runtime.waitFor(elsewhere.position, 10_000)).toBe(true);
      expect(await storedCheckpoint()).toBe(before);

      const [newId] = await registerAndLogIn(store, 1, 1);
      const [last] = (await store.readAll({ maxCount: 100_000 })).slice(-1);
      expect(await runtime.waitFor(last.position, 10_000)).toBe(true);
      expect(BigInt(await storedCheckpoint())).toBeGreaterThanOrEqual(last.position.commit);
      expect((await snapshot(orm)).find((u) => u.id === newId)?.loginCount).toBe(1);
    } finally {
      await runtime.stop();
    }
  });

  it("refreshes its tables' planner statistics once it has applied a thousand events", async () => {
    const analysed = async () => {
      const [row] = await orm.em
        .fork()
        .execute<{ count: number; rows: number }[]>(
          "SELECT s.analyze_count::int AS count, c.reltuples::float8 AS rows FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = 'user_accounts'",
        );
      return row;
    };
    const before = await analysed();
    await registerAndLogIn(store, 300, 3);
    const runtime = new ProjectorRuntime(orm, store);
    try {
      await runtime.start([usersProjection]);
      await runtime.caughtUp();
      // The ANALYZE runs beside the projection, and pg_stat_user_tables hears of it a moment after.
      for (let waited = 0; (await analysed()).count === before.count && waited < 100; waited++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await analysed()).count).toBeGreaterThan(before.count);
      // The planner counts the rows that were there at the thousandth event: most of the 300 new ones.
      expect((await analysed()).rows).toBeGreaterThan(Math.max(before.rows, 0) + 200);
      // A small table is sampled at a statistics target of 10: at most eleven histogram bounds (101 at the server's 100).
      const [{ bounds }] = await orm.em
        .fork()
        .execute<{ bounds: number }[]>(
          "SELECT coalesce(array_length(histogram_bounds, 1), 0)::int AS bounds FROM pg_stats WHERE tablename = 'user_accounts' AND attname = 'id'",
        );
      expect(bounds).toBeGreaterThan(1);
      expect(bounds).toBeLessThanOrEqual(11);
    } finally {
      await runtime.stop();
    }
  });

  it('rests after a live batch with nothing for it, but never while catching up', async () => {
    const ignored = (count: number) =>
      Array.from({ length: count }, () => ({ id: randomUUID(), type: 'SomethingUsersIgnore', metadata, data: {} }));
    // More than two pages of the log with nothing for the users projector.
    await store.appendToStream(`journal-${randomUUID()}`, ignored(1_200));
    const idleRests = jest.spyOn(BatchPacing.prototype, 'restIdle');
    const runtime = new ProjectorRuntime(orm, store);
    try {
      await runtime.start([usersProjection]);
      await runtime.caughtUp();
      expect(idleRests).not.toHaveBeenCalled();

      const live = await store.appendToStream(`journal-${randomUUID()}`, ignored(1));
      expect(await runtime.waitFor(live.position, 10_000)).toBe(true);
      expect(idleRests).toHaveBeenCalled();
    } finally {
      idleRests.mockRestore();
      await runtime.stop();
    }
  });
});

describe('rebuilding while another runtime projects', () => {
  it('leaves rows equal to a fresh rebuild when one runtime rebuilds and another keeps running', async () => {
    const databaseUrl = await createTestDatabase();
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    const orm = await openReadModels(databaseUrl);
    await registerAndLogIn(store, 10, 3);
    const app = new ProjectorRuntime(orm, store, { retryDelayMs: 20 });
    await app.start([usersProjection]);
    await app.caughtUp();

    const operator = new ProjectorRuntime(orm, store);
    await operator.start([usersProjection]);
    const writing = registerAndLogIn(store, 10, 3);
    await operator.rebuild('users');
    await writing;
    const [last] = (await store.readAll({ maxCount: 10_000 })).slice(-1);
    expect(await app.waitFor(last.position, 10_000)).toBe(true);
    expect(await operator.waitFor(last.position, 10_000)).toBe(true);
    await operator.stop();
    await app.stop();

    const rows = await snapshot(orm);
    expect(rows).toHaveLength(20);
    expect(rows.every((u) => u.loginCount === 3)).toBe(true);
    await orm.close();
    await store.close();
  });
});

describe('an event a projector cannot apply', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  useStoreAndReadModels((opened) => ({ store, orm } = opened));

  const FAST = { attempts: 3, firstDelayMs: 1, maxDelayMs: 2 };
  const SECRET = 'Poison words nobody may read';
  /** The users projector with a bug: a first name it casts to a number, as a column of the wrong type would. */
  const buggy: Projector = {
    ...usersProjection,
    handlers: {
      ...usersProjection.handlers,
      UserRegistered: async (em, event) => {
        const { firstName } = event.data as { firstName: string };
        if (firstName.startsWith('Poison')) await boundQuery(em, 'SELECT ?::int AS n', [firstName]);
        await usersProjection.handlers.UserRegistered(em, event);
      },
    },
  };
  const register = async (firstName: string, logins: number) => {
    const [userId] = await registerAndLogIn(store, 1, logins);
    if (firstName === 'ok') return { userId, position: null };
    // The same member registers again under a name the buggy projector cannot apply.
    const event = {
      id: randomUUID(),
      type: 'UserRegistered',
      metadata,
      data: {
        userId: randomUUID(),
        email: `${SECRET.replace(/ /g, '.')}.${randomUUID()}@example.com`,
        firstName,
        lastName: SECRET,
        passwordHash: 'x',
        answers: null,
        archetype: 'warrior',
        membershipType: 'free',
        registeredAt: new Date().toISOString(),
      },
    };
    const appended = await store.appendToStream(`user-${event.data.userId}`, [event]);
    return { userId: event.data.userId, eventId: event.id, position: appended.position };
  };
  const parked = () =>
    orm.em.fork().execute<
      {
        row: string;
        event_id: string;
        event_type: string;
        error_code: string | null;
        attempts: number;
        position: string;
      }[]
    >(`SELECT to_jsonb(p)::text AS row, event_id, event_type, error_code, attempts, commit_position::text || ':' || prepare_position::text AS position FROM parked_events p WHERE projector = 'users' ORDER BY commit_position`);

  it('parks it without its text, applies the events after it, and a read waiting for a later position answers', async () => {
    const before = await register('ok', 2);
    const poison = await register(`${SECRET} in a first name`, 0);
    const after = await register('ok', 2);
    const errors: unknown[] = [];
    const runtime = new ProjectorRuntime(orm, store, {
      retry: FAST,
      retryDelayMs: 5,
      onError: (_name, error) => errors.push(error),
    });
    await runtime.start([buggy]);
    try {
      const [last] = (await store.readAll({ maxCount: 10_000 })).slice(-1);
      expect(await runtime.waitFor(last.position, 10_000)).toBe(true);
      const rows = await snapshot(orm);
      expect(rows.find((u) => u.id === before.userId)?.loginCount).toBe(2);
      expect(rows.find((u) => u.id === after.userId)?.loginCount).toBe(2);
      expect(rows.find((u) => u.id === poison.userId)).toBeUndefined();

      const [row, ...others] = await parked();
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        event_id: poison.eventId,
        event_type: 'UserRegistered',
        error_code: '22P02',
        position: `${poison.position!.commit}:${poison.position!.prepare}`,
      });
      expect(row.row).not.toMatch(/Poison|nobody/);
      expect(
        errors.some(
          (error) => error instanceof Error && error.name === 'EventParked' && !/Poison|nobody/.test(error.message),
        ),
      ).toBe(true);

      // Live: a batch of one poisoned event is parked too, and a read waiting for the write after it answers.
      const second = await register(`${SECRET} again`, 0);
      const later = await register('ok', 1);
      const [newest] = (await store.readAll({ maxCount: 10_000 })).slice(-1);
      expect(await runtime.waitFor(newest.position, 10_000)).toBe(true);
      expect((await snapshot(orm)).find((u) => u.id === later.userId)?.loginCount).toBe(1);
      expect((await parked()).map((p) => p.event_id)).toEqual([poison.eventId, second.eventId]);
    } finally {
      await runtime.stop();
    }
  });

  it('parks again on a rebuild what still fails, and a rebuild after the fix applies it and clears its row', async () => {
    const stillBuggy = new ProjectorRuntime(orm, store, { retry: FAST });
    await stillBuggy.start([buggy]);
    await stillBuggy.rebuild('users');
    await stillBuggy.stop();
    expect(await parked()).toHaveLength(2);

    const fixed = new ProjectorRuntime(orm, store, { retry: FAST });
    await fixed.start([usersProjection]);
    try {
      await fixed.rebuild('users');
      expect(await parked()).toEqual([]);
      expect((await snapshot(orm)).filter((u) => u.firstName.startsWith('Poison'))).toHaveLength(2);
    } finally {
      await fixed.stop();
    }
  });

  it('leaves no half-applied batch behind in a summing report: the events around the parked one count once each', async () => {
    const poisonAt = '2026-01-01T00:00:00.000Z';
    const tally = reportProjector({
      name: 'login-tally' as ReadModelName, // a report of this test only
      title: 'Logins',
      description: 'Logins per member.',
      tables: {
        report_login_tally: { columns: { user_id: 'text', logins: 'integer' }, key: ['user_id'], combine: 'sum' },
      },
      handlers: {
        UserLoggedIn: (rows, event) => {
          const { userId, at } = event.data as { userId: string; at: string };
          if (at === poisonAt) throw new Error('cannot count this login');
          rows.add('report_login_tally', { user_id: userId, logins: 1 });
        },
      },
      view: { sql: 'SELECT 1', columns: [], chart: null },
      privacy: { peopleCounts: [] },
    });
    const userId = randomUUID();
    const login = (at: string) => ({ id: randomUUID(), type: 'UserLoggedIn', metadata, data: { userId, at } });
    await store.appendToStream(`user-${userId}`, [
      login(new Date().toISOString()),
      login(poisonAt),
      login(new Date().toISOString()),
    ]);
    const runtime = new ProjectorRuntime(orm, store, { retry: FAST });
    await runtime.start([tally], { holdsReads: false });
    try {
      await runtime.caughtUp();
      const [row] = await orm.em
        .fork()
        .execute<{ logins: number }[]>('SELECT logins FROM report_login_tally WHERE user_id = ?', [userId]);
      expect(row.logins).toBe(2);
      const parkedHere = await orm.em
        .fork()
        .execute<{ event_type: string }[]>("SELECT event_type FROM parked_events WHERE projector = 'login-tally'");
      expect(parkedHere).toEqual([{ event_type: 'UserLoggedIn' }]);
    } finally {
      await runtime.stop();
    }
  });

  it('never parks an event while the database is out of reach: it tries again until it can', async () => {
    let outages = 3;
    const flaky: Projector = {
      ...usersProjection,
      handlers: {
        ...usersProjection.handlers,
        UserLoggedIn: async (em, event) => {
          // The projector's own connection is cut in the middle of its transaction, as a database restart would.
          if (outages-- > 0) await boundQuery(em, 'SELECT pg_terminate_backend(pg_backend_pid())', []);
          await usersProjection.handlers.UserLoggedIn(em, event);
        },
      },
    };
    const { userId } = await register('ok', 1);
    const errors: unknown[] = [];
    const runtime = new ProjectorRuntime(orm, store, {
      retry: { attempts: 1, firstDelayMs: 1, maxDelayMs: 1 },
      retryDelayMs: 5,
      onError: (_name, error) => errors.push(error),
    });
    await runtime.start([flaky]);
    try {
      const [last] = (await store.readAll({ maxCount: 10_000 })).slice(-1);
      expect(await runtime.waitFor(last.position, 10_000)).toBe(true);
      expect(errors).toHaveLength(3);
      expect((await snapshot(orm)).find((u) => u.id === userId)?.loginCount).toBe(1);
      expect(await parked()).toEqual([]);
    } finally {
      await runtime.stop();
    }
  });

  it('refuses a statement a live batch sends through the ORM, which would run outside its transaction, and applies nothing of that event', async () => {
    const throughTheOrm: Projector = {
      ...usersProjection,
      handlers: {
        ...usersProjection.handlers,
        UserLoggedIn: async (em, event) => {
          await em.execute('SELECT 1');
          await usersProjection.handlers.UserLoggedIn(em, event);
        },
      },
    };
    const { userId } = await register('ok', 1);
    const errors: unknown[] = [];
    const runtime = new ProjectorRuntime(orm, store, { retry: FAST, onError: (_name, error) => errors.push(error) });
    await runtime.start([throughTheOrm]);
    try {
      const [last] = (await store.readAll({ maxCount: 10_000 })).slice(-1);
      expect(await runtime.waitFor(last.position, 10_000)).toBe(true);
      expect((await snapshot(orm)).find((u) => u.id === userId)?.loginCount).toBe(0);
      expect(errors.some((error) => error instanceof Error && /through boundQuery/.test(error.message))).toBe(true);
      expect((await parked()).map((row) => row.event_type)).toEqual(['UserLoggedIn']);
    } finally {
      await runtime.stop();
    }
  });
});
