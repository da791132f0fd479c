import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { openReadModels } from '@reflections/query/projections';
import { ProjectorRuntime } from '@reflections/query/projection-engine/projector-runtime';
import { PROJECTORS } from '@reflections/query/projections';
import { settledLog } from '@reflections/query/testing/generated-events';
import { replayCli } from './replay-cli-for-test';

const metadata = { causedBy: null, correlationId: 'replay-test', schemaVersion: 1 };
const answers = {
  ...Object.fromEntries(
    [
      'gender',
      'age',
      'innerLandscape',
      'voiceInHead',
      'presenceInRoom',
      'seeking',
      'emotionRegulation',
      'wishOthersKnew',
      'futureMessage',
      'invisibleWeight',
      'innerStrength',
      'emotionalWall',
      'peaceMeans',
      'coreDrive',
    ].map((field) => [field, 'a']),
  ),
  returnToSelf: ['nature'],
};

const users = (orm: MikroORM) =>
  orm.em.fork().execute<{ row: string }[]>(`SELECT to_jsonb(u)::text AS row FROM user_accounts u ORDER BY 1`);

describe('npm run replay', () => {
  let databaseUrl: string;
  let store: PostgresEventStore;
  let orm: MikroORM;
  let projected: { row: string }[];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    orm = await openReadModels(databaseUrl);
    // 30,000 events, 50 members to an append, so the replay has several batches to be killed in.
    for (let append = 0; append < 60; append++) {
      const events = Array.from({ length: 50 }, () => {
        const userId = randomUUID();
        const at = new Date(Date.UTC(2026, 5, 1 + (append % 40))).toISOString();
        return [
          {
            id: randomUUID(),
            type: 'UserRegistered',
            metadata,
            data: {
              userId,
              email: `${userId}@example.com`,
              firstName: 'R',
              lastName: '',
              passwordHash: 'x',
              answers,
              archetype: 'warrior',
              membershipType: 'free',
              registeredAt: at,
            },
          },
          ...Array.from({ length: 9 }, (_, i) => ({
            id: randomUUID(),
            type: 'UserLoggedIn',
            metadata,
            data: { userId, at: new Date(Date.parse(at) + i * 86_400_000).toISOString() },
          })),
        ];
      }).flat();
      await store.appendToStream(`bulk-${append}`, events);
    }
    const log = await settledLog(store, 30_000);
    const runtime = new ProjectorRuntime(orm, store);
    await runtime.start(PROJECTORS.filter((projector) => projector.name === 'users'));
    expect(await runtime.waitFor(log[log.length - 1].position, 60_000)).toBe(true);
    await runtime.stop();
    projected = await users(orm);
  });
  afterAll(async () => {
    await orm.close();
    await store.close();
  });

  it('ends with the same rows when a replay killed midway is started again', async () => {
    const killed = replayCli(['users'], databaseUrl);
    await new Promise<void>((resolve) =>
      killed.stderr!.on('data', () => killed.output().includes('/ 30,000 events') && resolve()).on('end', resolve),
    );
    killed.kill('SIGKILL');
    await killed.exited;
    const [{ exists }] = await orm.em
      .fork()
      .execute<{ exists: boolean }[]>(
        `SELECT exists(SELECT 1 FROM pg_namespace WHERE nspname = 'replay_users') AS exists`,
      );
    expect(exists).toBe(true);
    expect(await users(orm)).toEqual(projected);

    const again = replayCli(['users'], databaseUrl);
    expect(await again.exited).toBe(0);
    expect(again.output()).toMatch(/replay users: 30,000 events in/);
    expect(await users(orm)).toEqual(projected);
    const leftovers = await orm.em.fork().execute(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'replay%'`);
    expect(leftovers).toEqual([]);
  });

  it('lists every projection and report with its checkpoint and lag, and exports a report over a date range as CSV', async () => {
    const list = replayCli(['--list'], databaseUrl);
    expect(await list.exited).toBe(0);
    expect(list.output()).toMatch(/'users'\s+│ 'projection'\s+│ '\d+:\d+'/);
    expect(list.output()).toMatch(/'retention'\s+│ 'report'\s+│ 'never run'\s+│ ''\s+│ 30000/);

    const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'replay-csv-')), 'retention.csv');
    const ranged = replayCli(['retention', '--from', '2026-01-01', '--csv', csv], databaseUrl);
    expect(await ranged.exited).toBe(0);
    const lines = fs.readFileSync(csv, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Registered in week starting,Members,Weeks after,Active,% active');
    // 8 to 14 June: 700 members, each signing in on 9 days from the day they registered,
    // so those of Sunday the 14th (100) are still active two weeks on.
    expect(lines).toEqual(
      expect.arrayContaining(['2026-06-08,700,0,700,100', '2026-06-08,700,1,700,100', '2026-06-08,700,2,100,14.3']),
    );
    const usage = replayCli(['users', '--from', 'yesterday'], databaseUrl);
    expect(await usage.exited).toBe(2);
    expect(usage.output()).toContain(
      '--from must be a position (commit:prepare) or a date (YYYY-MM-DD), not "yesterday"',
    );
  });
});
