import path from 'node:path';
import { readConfig } from '@reflections/platform/config';
import { openDatabase } from './database';
import { runningPostgres } from './postgres';

/**
 * An app's hold on its data folder and its embedded PostgreSQL, without the rest of the app,
 * as its own process: database.test.ts kills it outright, as the out-of-memory killer would.
 */
async function main() {
  const config = readConfig();
  await openDatabase(config, { forApp: true });
  console.log(`ready: PostgreSQL ${runningPostgres(path.join(config.dataDir, 'postgres'))?.pid}`);
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
