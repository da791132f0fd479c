import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { openSessionStore } from '@reflections/platform/session/postgres-session-store';
import { createCommandApp } from './app';
import { seedForumCategories } from './forum/forum-categories';
import { stopOnSignal } from '@reflections/platform/process/shutdown';

/** The command service on its own (distributed mode): needs DATABASE_URL and SESSION_SECRET. */
async function main() {
  const config = readConfig();
  if (!config.databaseUrl || !config.sessionSecret) throw new Error('DATABASE_URL and SESSION_SECRET must be set to run the command service on its own');
  const eventStore = await connectEventStore({ eventStoreUrl: config.eventStoreUrl, databaseUrl: config.databaseUrl });
  const sessions = await openSessionStore(config.databaseUrl);
  await seedForumCategories(eventStore);
  const app = createCommandApp({ eventStore, sessionStore: sessions.store, sessionKeys: [config.sessionSecret], bodyLimitBytes: config.bodyLimitBytes, deployHookUrl: config.deployHookUrl });
  const server = app.listen(config.port, () => console.log(`command service listening on ${config.port}`));
  stopOnSignal(async () => {
    server.close();
    await eventStore.close();
    await sessions.close();
  });
}

main().catch((error) => {
  console.error('command service could not start:', error);
  process.exit(1);
});
