import path from 'node:path';
import { readConfig } from '@reflections/platform/config';
import { freePort, isPortFree } from '@reflections/platform/net/ports';
import { localSecrets } from './secrets';
import { ensureDatabase, postgresUrl, runningPostgresPort, startEmbeddedPostgres } from './postgres';

export const DATABASE_NAME = 'reflections';

export type Database = { url: string; stop: () => Promise<void> };

/**
 * The database `npm start` and the admin CLI share: DATABASE_URL when set; otherwise
 * the embedded PostgreSQL in DATA_DIR, reused if it is already running (the app is up)
 * or started here.
 */
export async function openDatabase(config = readConfig()): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const { postgresPassword } = localSecrets(config.dataDir);
  const databaseDir = path.join(config.dataDir, 'postgres');
  const server = { user: 'postgres', password: postgresPassword };
  const runningPort = runningPostgresPort(databaseDir);
  if (runningPort)
    return { url: postgresUrl({ ...server, port: runningPort }, DATABASE_NAME), stop: async () => undefined };
  // The usual port, unless something else holds it (another checkout's app, say).
  const port = (await isPortFree(config.embeddedPostgresPort)) ? config.embeddedPostgresPort : await freePort();
  const started = await startEmbeddedPostgres({ databaseDir, port, password: postgresPassword });
  await ensureDatabase(postgresUrl(started, 'postgres'), DATABASE_NAME);
  return { url: postgresUrl(started, DATABASE_NAME), stop: started.stop };
}
