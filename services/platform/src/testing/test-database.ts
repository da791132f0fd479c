import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh database in the jest run's embedded PostgreSQL (started by infra/test/global-setup.mjs). */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run tests through the root jest config');
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
