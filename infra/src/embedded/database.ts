import path from 'node:path';
import { readConfig } from '@reflections/platform/config';
import { freePort, isPortFree } from '@reflections/platform/net/ports';
import { localSecrets } from './secrets';
import { holdDataDir, otherAppOn } from './app-lock';
import { ensureDatabase, postgresUrl, runningPostgres, startEmbeddedPostgres, stopRunningPostgres } from './postgres';

export const DATABASE_NAME = 'reflections';

export type Database = { url: string; stop: () => Promise<void> };

/**
 * The database `npm start` and the admin CLI share: DATABASE_URL when set; otherwise
 * the embedded PostgreSQL in DATA_DIR, reused if it is already running or started here.
 * A tool (`forApp` unset) never stops a PostgreSQL it found running: the app may be using
 * it. The app (`forApp`) marks the folder as its own (DATA_DIR/app.pid) unless another
 * live app has, and then stops the PostgreSQL it finds there too: what an app killed
 * outright (kill -9, the out-of-memory killer) left running.
 */
export async function openDatabase(config = readConfig(), options: { forApp?: boolean } = {}): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const { postgresPassword } = localSecrets(config.dataDir);
  const databaseDir = path.join(config.dataDir, 'postgres');
  const server = { user: 'postgres', password: postgresPassword };
  const release = options.forApp === true && otherAppOn(config.dataDir) === null ? holdDataDir(config.dataDir) : null;
  const released = (stop: () => Promise<void>) => async () => {
    await stop();
    release?.();
  };
  const running = runningPostgres(databaseDir);
  if (running) {
    return {
      url: postgresUrl({ ...server, port: running.port }, DATABASE_NAME),
      stop: released(release ? () => stopRunningPostgres(running.pid) : async () => undefined),
    };
  }
  // The usual port, unless something else holds it (another checkout's app, say).
  const port = (await isPortFree(config.embeddedPostgresPort)) ? config.embeddedPostgresPort : await freePort();
  const started = await startEmbeddedPostgres({ databaseDir, port, password: postgresPassword });
  await ensureDatabase(postgresUrl(started, 'postgres'), DATABASE_NAME);
  return { url: postgresUrl(started, DATABASE_NAME), stop: released(started.stop) };
}
