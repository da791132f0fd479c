import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { openReadModels } from '@reflections/query/projections';
import { ProjectorRuntime } from '@reflections/query/projection-engine/projector-runtime';
import { usersProjection } from '@reflections/query/auth/users-projection';
import { ensureDatabase, postgresUrl } from '../embedded/postgres';
import { encryptionRows } from './encryption-bench';
import { printTable } from './bench-report';
import type { RunningPostgres } from '../embedded/postgres';
import { prepareBenchProcess, startThrowAwayPostgres } from './run-bench-part';

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

/** The parts in the order they run: the name the report gives each, and its file (which runs it by runBenchPart). */
const PARTS: readonly { name: string; file: string }[] = [
  { name: 'appends', file: 'append-bench.ts' },
  { name: 'AI worker', file: 'ai-bench.ts' },
  { name: 'crisis detector', file: 'crisis-bench.ts' },
  { name: 'forum', file: 'forum-bench.ts' },
  { name: 'admin', file: 'admin-bench.ts' },
  { name: 'replay', file: 'replay-bench.ts' },
  { name: 'notification reads', file: 'notification-reads-bench.ts' },
  { name: 'dashboard', file: 'dashboard-bench.ts' },
  { name: 'front door', file: 'front-door-bench.ts' },
  { name: 'read-your-writes', file: 'read-your-writes-bench.ts' },
];

/**
 * A checkpoint before each part, so that each starts as it would alone, on a server that has
 * written out what the parts before it wrote, with PostgreSQL's next timed checkpoint
 * (`checkpoint_timeout`, 5 min) beyond the end of any part but the longest. Otherwise a part
 * met whatever timed checkpoint fell in it: the forum part, which starts 4–5 minutes in,
 * could meet the first one, writing out the appends' and AI parts' pages, in one of its timed
 * rounds (alone, it never met one).
 */
async function settleWrites(server: RunningPostgres): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl(server, 'postgres') });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

/**
 * Runs a part's file in a process of its own, on the PostgreSQL the parts share: it loads
 * only its own code and starts from an empty heap, as a service's process does. Run one
 * after another in one process, a part paid for what the others left: 99 MB of live heap
 * before the forum part against 60 MB in a process of its own, so every collection had more
 * to walk (the forum's request thread cost 294–315 µs a post there, 250–270 µs alone). A part
 * that outlives PART_TIMEOUT_MS is ended with everything it started (its process group).
 */
function runInOwnProcess(part: (typeof PARTS)[number], server: RunningPostgres, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, path.join(__dirname, part.file)], {
      stdio: 'inherit',
      // Its own process group, so that what it started (the AI part's workers and model) ends with it.
      detached: true,
      env: {
        ...process.env,
        BENCH_POSTGRES: JSON.stringify({ port: server.port, user: server.user, password: server.password }),
        BENCH_DIR: dir,
      },
    });
    const endGroup = () => {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    };
    const interrupted = () => {
      endGroup();
      process.exit(130);
    };
    const timer = setTimeout(() => {
      endGroup();
      done(new Error(`the ${part.name} bench did not finish within ${PART_TIMEOUT_MS / 1000} s`));
    }, PART_TIMEOUT_MS);
    const done = (error?: Error) => {
      clearTimeout(timer);
      process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
      if (error) reject(error);
      else resolve();
    };
    process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
    child.once('error', done);
    child.once('exit', (code, signal) =>
      done(
        code === 0 ? undefined : new Error(`its process ended with ${code === null ? signal : `exit code ${code}`}`),
      ),
    );
  });
}

async function main() {
  prepareBenchProcess();
  const { server, dir, remove } = await startThrowAwayPostgres('bench');
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
    for (const part of PARTS) {
      try {
        await settleWrites(server);
        await runInOwnProcess(part, server, dir);
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
    await remove();
  }
}

main().then(
  () => process.exit(),
  (error) => {
    console.error('bench failed:', error);
    process.exit(1);
  },
);
