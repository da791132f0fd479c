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

/**
 * Runs one benchmark on its own (`node --import tsx infra/src/bench/<name>-bench.ts`), on a
 * throw-away embedded PostgreSQL, as `npm run bench` would run it beside the others.
 */
export function runAlone(name: string, bench: (server: RunningPostgres, dir: string) => Promise<void>): void {
  const run = async () => {
    // As `npm run bench` does: the benchmark measures the app, not its rate limits.
    liftRateLimits();
    // The process hosts the services: it runs as their entries do, every part alike, not only those after the first launch.
    keepRequestGarbageYoung();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `reflections-${name}-bench-`));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder.
    fs.chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres({
      databaseDir: path.join(dir, 'postgres'),
      port: await freePort(),
      password: 'bench',
      statementStatistics: true,
    });
    try {
      await bench(server, dir);
    } finally {
      toleratePostgresShutdown();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  run().catch((error) => {
    console.error(`${name} bench failed:`, error);
    process.exit(1);
  });
}
