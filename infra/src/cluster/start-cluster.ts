import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '@reflections/platform/config';
import { freePort } from '@reflections/platform/net/ports';
import { DATABASE_NAME } from '../embedded/database';
import { ensureDatabase, postgresUrl } from '../embedded/postgres';
import { localSecrets } from '../embedded/secrets';
import { type ClusterProcess, nodeScript, startClusterProcess } from './cluster-process';
import { createEntryProxy } from './entry-proxy';
import { startClusterPostgres } from './os-postgres';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** A service that dies is started again after this long, on the same port. */
const RESTART_DELAY_MS = 1_000;

type Stoppable = { name: string; stop: () => Promise<void> };

/**
 * `npm run start:cluster [-- --workers N]`: the distributed topology on one machine, without
 * Docker: the operating system's PostgreSQL and nats-server (-js), 2 command and 2 query
 * services, N AI workers (2 by default), the SPA, and one HTTP entry on PORT (see
 * entry-proxy.ts), each its own process, printing `name url` as it starts. A service that
 * dies is started again. Ctrl-C stops the services, then NATS and PostgreSQL.
 * Data lives in DATA_DIR/cluster; with EVENTSTORE_URL set, events go to EventStoreDB.
 */
async function main() {
  const { values } = parseArgs({ options: { workers: { type: 'string', default: '2' } } });
  const workers = Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1)
    throw new Error(`--workers wants a whole number of at least 1, not ${values.workers}`);
  const config = readConfig();
  const dataDir = path.join(config.dataDir, 'cluster');
  const secrets = localSecrets(dataDir);
  const running: Stoppable[] = [];
  let stopping = false;

  const stopAll = async () => {
    stopping = true;
    for (const part of running.reverse()) {
      await part.stop().catch((error: unknown) => console.error(`${part.name} did not stop cleanly:`, error));
    }
  };
  const onSignal = () => {
    if (stopping) return;
    console.log('stopping the cluster...');
    void stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const postgres = await startClusterPostgres({ dataDir, port: await freePort(), password: secrets.postgresPassword });
  running.push({ name: 'postgres', stop: postgres.stop });
  console.log(`postgres postgres://127.0.0.1:${postgres.port} (${postgres.source})`);
  await ensureDatabase(postgresUrl(postgres, 'postgres'), DATABASE_NAME);

  const natsPort = await freePort();
  const natsDir = path.join(dataDir, 'nats');
  fs.mkdirSync(natsDir, { recursive: true });
  const nats = await startClusterProcess(
    'nats',
    'nats-server',
    ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-sd', natsDir],
    { ready: /Server is ready/ },
  );
  running.push(nats);
  console.log(`nats nats://127.0.0.1:${natsPort}`);

  const env = {
    DATABASE_URL: postgresUrl(postgres, DATABASE_NAME),
    SESSION_SECRET: secrets.sessionSecret,
    NATS_URL: `nats://127.0.0.1:${natsPort}`,
    HOST: '127.0.0.1',
    // Only the entry reaches them: its X-Forwarded-For names the member's address.
    TRUST_PROXY: '1',
  };

  /** Starts a service on a port of its own, says where it is, and starts it again if it dies. */
  const service = async (name: string, script: string, ready: RegExp, extraEnv: Record<string, string> = {}) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { file, args } = nodeScript(script);
    const launch = async () => {
      const started = await startClusterProcess(name, file, args, {
        env: { ...env, ...extraEnv, PORT: String(port) },
        ready,
      });
      console.log(`${name} ${url} (pid ${started.child.pid})`);
      return started;
    };
    let current: ClusterProcess = await launch();
    const watch = (proc: ClusterProcess) =>
      proc.child.once('exit', (code, signal) => {
        if (stopping) return;
        console.error(`${name} exited (${code ?? signal}); starting it again`);
        setTimeout(function again() {
          if (stopping) return;
          launch().then(
            (next) => {
              current = next;
              watch(next);
            },
            (error: unknown) => {
              console.error(
                `${name} could not start again (${error instanceof Error ? error.message : error}); trying again`,
              );
              setTimeout(again, RESTART_DELAY_MS);
            },
          );
        }, RESTART_DELAY_MS);
      });
    watch(current);
    running.push({ name, stop: () => current.stop() });
    return url;
  };

  // One query service first: it runs the read models' migrations before the others start.
  const query = [await service('query-1', 'infra/src/processes/query-main.ts', /listening/)];
  const [query2, ...command] = await Promise.all([
    service('query-2', 'infra/src/processes/query-main.ts', /listening/),
    service('command-1', 'infra/src/processes/command-main.ts', /listening/),
    service('command-2', 'infra/src/processes/command-main.ts', /listening/),
  ]);
  query.push(query2);
  await Promise.all(
    Array.from({ length: workers }, (_, i) =>
      service(`ai-worker-${i + 1}`, 'infra/src/processes/ai-worker-main.ts', /consuming/),
    ),
  );

  const built = fs.existsSync(path.join(ROOT, 'frontend', 'dist', 'index.html'));
  const spa = built ? await service('spa', 'infra/src/cluster/spa-main.ts', /listening/) : null;
  if (!built)
    console.warn('The app is not built (npm run build --workspace frontend): the entry answers 503 outside /api.');

  const entry = createEntryProxy({ command, query, spa });
  await new Promise<void>((resolve) => entry.listen(config.port, config.host ?? undefined, resolve));
  running.push({ name: 'entry', stop: () => new Promise<void>((resolve) => entry.close(() => resolve())) });
  console.log(`entry http://127.0.0.1:${config.port}`);
}

main().catch((error: unknown) => {
  console.error('the cluster could not start:', error);
  process.exit(1);
});
