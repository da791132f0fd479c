import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The server this test file's databases go in: TEST_DATABASE_ADMIN_URL when given (one server
 * for every worker), else the one infra/test/global-setup.mjs started for this jest worker.
 */
export function testServerAdminUrl(): string {
  const given = process.env.TEST_DATABASE_ADMIN_URL;
  if (given) return given;
  const perWorker = (process.env.TEST_DATABASE_ADMIN_URLS ?? '').split(' ').filter(Boolean);
  if (perWorker.length === 0) throw new Error('No test PostgreSQL is set up: run tests through the root jest config');
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  return perWorker[(worker - 1) % perWorker.length];
}

/** A fresh database in this jest worker's PostgreSQL (started by infra/test/global-setup.mjs). */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = testServerAdminUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
