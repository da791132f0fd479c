import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@reflections/platform/net/ports';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { openReadModels } from '@reflections/query/projections';
import { ProjectorRuntime } from '@reflections/query/projection-engine/projector-runtime';
import { usersProjection } from '@reflections/query/auth/users-projection';
import { ensureDatabase, postgresUrl, startEmbeddedPostgres } from '../embedded/postgres';
import { aiBench } from './ai-bench';
import { appendBench } from './append-bench';
import { crisisBench } from './crisis-bench';
import { dashboardBench } from './dashboard-bench';
import { frontDoorBench } from './front-door-bench';
import { forumBench } from './forum-bench';
import { adminBench } from './admin-bench';
import { replayBench } from './replay-bench';
import { notificationReadsBench } from './notification-reads-bench';
import { readYourWritesBench } from './read-your-writes-bench';
import { encryptionRows } from './encryption-bench';
import { printTable, withTimeout } from './bench-report';
import type { RunningPostgres } from '../embedded/postgres';
import { toleratePostgresShutdown } from './run-alone';
import { liftRateLimits } from '@reflections/command/plumbing/rate-limits';
import { keepRequestGarbageYoung } from '@reflections/platform/process/young-garbage';

/**
 * `npm run bench`: the figures the foundation issue asks for, on a throw-away embedded
 * PostgreSQL with its normal durability settings (fsync on).
 */
const REBUILD_USERS = Number(process.env.BENCH_REBUILD_USERS) || 4000;

const metadata = { causedBy: null, correlationId: 'bench', schemaVersion: 1 };

async function rebuildRate(
  databaseUrl: string,
  store: PostgresEventStore,
): Promise<{ events: number; perSecond: number }> {
  for (let u = 0; u < REBUILD_USERS; u += 100) {
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        const userId = randomUUID();
        const at = new Date().toISOString();
        await store.appendToStream(`user-${userId}`, [
          {
            id: randomUUID(),
            type: 'UserRegistered',
            metadata,
            data: {
              userId,
              email: `${userId}@bench.test`,
              firstName: 'Bench',
              lastName: '',
              passwordHash: 'x',
              answers: null,
              archetype: 'warrior',
              membershipType: 'free',
              registeredAt: at,
            },
          },
          ...Array.from({ length: 4 }, () => ({
            id: randomUUID(),
            type: 'UserLoggedIn',
            metadata,
            data: { userId, at },
          })),
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

/** A part that hangs (waiting for something that never comes) is given up on, so the others still report. */
const PART_TIMEOUT_MS = (Number(process.env.BENCH_PART_TIMEOUT_S) || 900) * 1000;

const parts = (dir: string): { name: string; run: (server: RunningPostgres) => Promise<void> }[] => [
  { name: 'appends', run: (server) => appendBench(server) },
  { name: 'AI worker', run: (server) => aiBench(server, path.join(dir, 'ai-app')) },
  { name: 'crisis detector', run: () => crisisBench() },
  { name: 'forum', run: (server) => forumBench(server, dir) },
  { name: 'admin', run: (server) => adminBench(server, dir) },
  { name: 'replay', run: (server) => replayBench(server) },
  { name: 'notification reads', run: (server) => notificationReadsBench(server) },
  { name: 'dashboard', run: (server) => dashboardBench(server, dir) },
  { name: 'front door', run: (server) => frontDoorBench(server, path.join(dir, 'front-door')) },
  { name: 'read-your-writes', run: (server) => readYourWritesBench(server, dir) },
];

async function main() {
  // The benchmarks register, sign in and ask RAI by the thousand from one address: they measure the app, not its rate limits.
  liftRateLimits();
  // The process hosts the services: it runs as their entries do, every part alike, not only those after the first launch.
  keepRequestGarbageYoung();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflections-bench-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder.
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({
    databaseDir: path.join(dir, 'postgres'),
    port: await freePort(),
    password: 'bench',
    statementStatistics: true,
  });
  try {
    const rows: string[][] = [];
    rows.push(...(await encryptionRows(server)));
    await ensureDatabase(postgresUrl(server, 'postgres'), 'rebuild');
    const rebuildStore = await PostgresEventStore.connect({ connectionString: postgresUrl(server, 'rebuild') });
    const rebuild = await rebuildRate(postgresUrl(server, 'rebuild'), rebuildStore);
    await rebuildStore.close();
    rows.push([
      `projector rebuild from 0 (${rebuild.events} events)`,
      `${Math.round(rebuild.perSecond)} events/s`,
      '≥ 10000 events/s',
    ]);

    console.log(`\nReflections benchmark (${os.cpus().length} cores, Node ${process.version})\n`);
    printTable([['metric', 'measured', 'target'], ...rows]);
    const failed: string[] = [];
    for (const part of parts(dir)) {
      try {
        await withTimeout(part.run(server), PART_TIMEOUT_MS, `the ${part.name} bench`);
      } catch (error) {
        failed.push(part.name);
        console.error(
          `\n${part.name} bench failed, the others still run: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (failed.length > 0) process.exitCode = 1;
    console.log(
      failed.length === 0 ? '\nEvery bench part finished.' : `\nBench parts that failed: ${failed.join(', ')}.`,
    );
  } finally {
    toleratePostgresShutdown();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A part given up on may still hold sockets or timers: end the process once the report is out.
main().then(
  () => process.exit(),
  (error) => {
    console.error('bench failed:', error);
    process.exit(1);
  },
);
