import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { openSessionStore } from '@reflections/platform/session/postgres-session-store';
import { startQueryService } from './query-service';
import { stopOnSignal } from '@reflections/platform/process/shutdown';

/** The query service on its own (distributed mode): runs the migrations, the projectors and the read API. */
async function main() {
  const config = readConfig();
  if (!config.databaseUrl || !config.sessionSecret) throw new Error('DATABASE_URL and SESSION_SECRET must be set to run the query service on its own');
  const eventStore = await connectEventStore({ eventStoreUrl: config.eventStoreUrl, databaseUrl: config.databaseUrl });
  const sessions = await openSessionStore(config.databaseUrl);
  const service = await startQueryService({
    databaseUrl: config.databaseUrl,
    eventStore,
    sessionStore: sessions.store,
    sessionKeys: [config.sessionSecret],
    readYourWritesTimeoutMs: config.readYourWritesTimeoutMs,
    trustProxyHops: config.trustProxyHops,
    sessionLifetime: config.sessionLifetime,
    projectorThread: { eventStoreUrl: config.eventStoreUrl },
    replicas: true,
  });
  const server = service.app.listen(config.port, () => console.log(`query service listening on ${config.port}`));
  stopOnSignal(async () => {
    server.close();
    await service.close();
    await eventStore.close();
    await sessions.close();
  });
}

main().catch((error) => {
  console.error('query service could not start:', error);
  process.exit(1);
});
