import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@reflections/platform/net/ports';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { openReadModels } from '@reflections/query/infra/orm';
import { ProjectorRuntime } from '@reflections/query/infra/projector-runtime';
import { usersProjection } from '@reflections/query/auth/users-projection';
import { ensureDatabase, postgresUrl, startEmbeddedPostgres } from '../embedded/postgres';
import { launchEmbedded } from '../embedded/launch';
import { aiBench } from './ai-bench';
import { dashboardBench } from './dashboard-bench';
import { frontDoorBench } from './front-door-bench';
import { registration } from '../testing/backend-for-test';
import { forumBench } from './forum-bench';
import { adminBench } from './admin-bench';
import { replayBench } from './replay-bench';

/**
 * `npm run bench`: the figures the foundation issue asks for, on a throw-away embedded
 * PostgreSQL with its normal durability settings (fsync on).
 */
const APPENDS = Number(process.env.BENCH_APPENDS) || 8000;
const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS) || 200;
const REBUILD_USERS = Number(process.env.BENCH_REBUILD_USERS) || 4000;

const metadata = { causedBy: null, correlationId: 'bench', schemaVersion: 1 };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One event per append, each writer on its own streams. */
async function appendConcurrently(store: PostgresEventStore, writers: number, total: number, label: string): Promise<number> {
  const perWriter = Math.ceil(total / writers);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; i < perWriter; i++) {
        await store.appendToStream(`${label}-${writers}-${writer}-${i % 50}`, [{ id: randomUUID(), type: 'BenchEventAppended', data: { writer, i }, metadata }]);
      }
    }),
  );
  return (perWriter * writers) / ((performance.now() - started) / 1000);
}

async function appendRate(store: PostgresEventStore, writers: number): Promise<number> {
  // Warm-up, untimed: connections open, the append statement prepared, caches filled.
  await appendConcurrently(store, writers, 2000, 'warmup');
  return appendConcurrently(store, writers, APPENDS, 'bench');
}

async function readYourWritesLatency(databaseUrl: string, dataDir: string): Promise<number[]> {
  const app = await launchEmbedded({ dataDir, port: 0, databaseUrl });
  const latencies: number[] = [];
  try {
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const registered = await fetch(`${app.url}/api/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(registration()) });
      const answeredAt = performance.now();
      const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const me = await fetch(`${app.url}/api/auth/user`, { headers: { Cookie: cookie, 'X-Min-Position': registered.headers.get('x-position') ?? '' } });
      if (me.status !== 200 || me.headers.get('x-read-your-writes')) throw new Error(`read after write failed: ${me.status}`);
      latencies.push(performance.now() - answeredAt);
    }
  } finally {
    await app.stop();
  }
  return latencies.sort((a, b) => a - b);
}

async function rebuildRate(databaseUrl: string, store: PostgresEventStore): Promise<{ events: number; perSecond: number }> {
  for (let u = 0; u < REBUILD_USERS; u += 100) {
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        const userId = randomUUID();
        const at = new Date().toISOString();
        await store.appendToStream(`user-${userId}`, [
          { id: randomUUID(), type: 'UserRegistered', metadata, data: { userId, email: `${userId}@bench.test`, firstName: 'Bench', lastName: '', passwordHash: 'x', answers: null, archetype: 'warrior', membershipType: 'free', registeredAt: at } },
          ...Array.from({ length: 4 }, () => ({ id: randomUUID(), type: 'UserLoggedIn', metadata, data: { userId, at } })),
        ]);
      }),
    );
  }
  const events = (await store.readAll({ maxCount: 10_000_000 })).length;
  const orm = await openReadModels(databaseUrl);
  const runtime = new ProjectorRuntime(orm, store);
  try {
    await runtime.start([usersProjection]);
    await runtime.caughtUp();
    const started = performance.now();
    await runtime.rebuild('users');
    return { events, perSecond: events / ((performance.now() - started) / 1000) };
  } finally {
    await runtime.stop();
    await orm.close();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflections-bench-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder.
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'postgres'), port: await freePort(), password: 'bench' });
  try {
    const rows: [string, string, string][] = [];
    for (const [name, writers] of [['appends', 1], ['appends', 8]] as const) {
      const databaseUrl = postgresUrl(server, `${name}_${writers}`);
      await ensureDatabase(postgresUrl(server, 'postgres'), `${name}_${writers}`);
      const store = await PostgresEventStore.connect({ connectionString: databaseUrl, poolSize: writers + 2 });
      const rate = await appendRate(store, writers);
      await store.close();
      rows.push([`PostgreSQL event store appends, ${writers} writer${writers > 1 ? 's' : ''}`, `${Math.round(rate)} appends/s`, writers === 8 ? '≥ 3000 appends/s' : '']);
    }
    await ensureDatabase(postgresUrl(server, 'postgres'), 'ryw');
    const latencies = await readYourWritesLatency(postgresUrl(server, 'ryw'), path.join(dir, 'app'));
    rows.push([`read-your-writes p50 (${latencies.length} registrations)`, `${percentile(latencies, 50).toFixed(1)} ms`, '']);
    rows.push([`read-your-writes p99 (${latencies.length} registrations)`, `${percentile(latencies, 99).toFixed(1)} ms`, '≤ 50 ms']);
    await ensureDatabase(postgresUrl(server, 'postgres'), 'rebuild');
    const rebuildStore = await PostgresEventStore.connect({ connectionString: postgresUrl(server, 'rebuild') });
    const rebuild = await rebuildRate(postgresUrl(server, 'rebuild'), rebuildStore);
    await rebuildStore.close();
    rows.push([`projector rebuild from 0 (${rebuild.events} events)`, `${Math.round(rebuild.perSecond)} events/s`, '≥ 10000 events/s']);

    const width = [Math.max(...rows.map((r) => r[0].length), 6), Math.max(...rows.map((r) => r[1].length), 8), 18];
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i])).join(' | ')} |`;
    console.log(`\nReflections benchmark (${os.cpus().length} cores, Node ${process.version})\n`);
    console.log(line(['metric', 'measured', 'target']));
    console.log(line(width.map((w) => '-'.repeat(w))));
    rows.forEach((row) => console.log(line(row)));
    await aiBench(server, path.join(dir, 'ai-app'));
    await forumBench(server, dir);
    await adminBench(server, dir);
    await replayBench(server);
    await dashboardBench(server, dir);
    await frontDoorBench(server, path.join(dir, 'front-door'));
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error('bench failed:', error);
  process.exit(1);
});
