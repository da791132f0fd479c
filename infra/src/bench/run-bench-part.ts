import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@reflections/platform/net/ports';
import { type RunningPostgres, startEmbeddedPostgres } from '../embedded/postgres';
import { liftRateLimits } from '@reflections/command/plumbing/rate-limits';
import { keepRequestGarbageYoung } from '@reflections/platform/process/young-garbage';

/**
 * Called just before a bench stops its own PostgreSQL. Stopping it tells every connection
 * still open "terminating connection due to administrator command" (57P01), then that it
 * ended; a client left without an error listener throws that as an uncaught error, which
 * failed runs whose every part had finished and printed (in the append part about one run
 * in two; which client it is was not found). Those two errors are expected at this point
 * and ignored; any other still fails the run.
 */
export function toleratePostgresShutdown(): void {
  process.on('uncaughtException', (error) => {
    const cut = (error as { code?: string }).code === '57P01' || error.message === 'Connection terminated unexpectedly';
    if (cut) return;
    console.error('bench failed:', error);
    process.exit(1);
  });
}

/** An embedded PostgreSQL (with statement statistics) in a fresh folder, and how to stop it and remove the folder. */
export async function startThrowAwayPostgres(
  name: string,
): Promise<{ server: RunningPostgres; dir: string; remove: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `reflections-${name}-`));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder.
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({
    databaseDir: path.join(dir, 'postgres'),
    port: await freePort(),
    password: 'bench',
    statementStatistics: true,
  });
  const remove = async () => {
    toleratePostgresShutdown();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { server, dir, remove };
}

/** What every bench process does first: it hosts the services, so it runs as their entries do. */
export function prepareBenchProcess(): void {
  // The benchmarks register, sign in and ask RAI by the thousand from one address: they measure the app, not its rate limits.
  liftRateLimits();
  // Every part alike, not only those after the first launch of the app.
  keepRequestGarbageYoung();
}

/** The PostgreSQL and folder `npm run bench` shares with the part it started (bench.ts sets both), or null when run by hand. */
function sharedByBench(name: string): { server: RunningPostgres; dir: string } | null {
  const postgres = process.env.BENCH_POSTGRES;
  const benchDir = process.env.BENCH_DIR;
  if (!postgres || !benchDir) return null;
  const { port, user, password } = JSON.parse(postgres) as Omit<RunningPostgres, 'stop'>;
  const dir = path.join(benchDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const stop = () => Promise.reject(new Error('a part does not stop the PostgreSQL it shares with the others'));
  return { server: { port, user, password, stop }, dir };
}

/**
 * Runs one benchmark part in this process, as the process's only work. `npm run bench`
 * starts each part's file in a process of its own (bench.ts), on the PostgreSQL it shares
 * with the other parts; by hand (`node --import tsx infra/src/bench/<name>-bench.ts`) the
 * part gets a throw-away embedded PostgreSQL of its own.
 */
export function runBenchPart(name: string, bench: (server: RunningPostgres, dir: string) => Promise<void>): void {
  const shared = sharedByBench(name);
  const run = async () => {
    prepareBenchProcess();
    if (shared) {
      await bench(shared.server, shared.dir);
      // A part may leave sockets or timers behind (a client's keep-alive, a stream given up on): its process ends with it.
      process.exit(0);
    }
    const { server, dir, remove } = await startThrowAwayPostgres(`${name}-bench`);
    try {
      await bench(server, dir);
    } finally {
      await remove();
    }
  };
  run().catch((error) => {
    console.error(`${name} bench failed:`, error);
    process.exit(1);
  });
}
