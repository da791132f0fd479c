import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { openSessionStore } from '@reflections/platform/session/postgres-session-store';
import { startQueryService } from '@reflections/query/query-service';
import { stopOnSignal, stopServer } from '@reflections/platform/process/shutdown';
import { RequestMetrics } from '@reflections/platform/http/request-metrics';
import { listenWithOps } from '@reflections/platform/observability/ops-endpoints';
import { databaseCheck, eventStoreCheck } from '@reflections/platform/observability/readiness-checks';
import { ServiceMetrics } from '@reflections/platform/observability/service-metrics';
import { startServiceHeartbeat } from '@reflections/platform/observability/service-health';
import { projectorLagCheck, registerProjectionMetrics } from '@reflections/query/projection-engine/projection-metrics';
import { QUERY_PROJECTORS } from '@reflections/query/start-projectors';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import { keepRequestGarbageYoung } from '@reflections/platform/process/young-garbage';

/** The query service on its own (distributed mode): runs the migrations, the projectors and the read API. */
async function main() {
  keepRequestGarbageYoung();
  const config = readConfig();
  if (!config.databaseUrl || !config.sessionSecret)
    throw new Error('DATABASE_URL and SESSION_SECRET must be set to run the query service on its own');
  const eventStore = await connectEventStore({ eventStoreUrl: config.eventStoreUrl, databaseUrl: config.databaseUrl });
  const sessions = await openSessionStore(config.databaseUrl);
  const metrics = new ServiceMetrics('query');
  const requestMetrics = new RequestMetrics(undefined, undefined, metrics);
  const service = await startQueryService({
    databaseUrl: config.databaseUrl,
    eventStore,
    sessionStore: sessions.store,
    sessionKeys: [config.sessionSecret],
    readYourWritesTimeoutMs: config.readYourWritesTimeoutMs,
    trustProxyHops: config.trustProxyHops,
    sessionLifetime: config.sessionLifetime,
    requestMetrics,
    projectorThread: { eventStoreUrl: config.eventStoreUrl },
    replicas: true,
  });
  const heartbeat = await startServiceHeartbeat({
    databaseUrl: config.databaseUrl,
    service: 'query',
    metrics: requestMetrics,
  });
  const projectors = QUERY_PROJECTORS.map(({ projector }) => projector);
  registerProjectionMetrics(metrics, service.orm, eventStore, projectors);
  const database = databaseCheck(config.databaseUrl);
  const checks = [
    database,
    eventStoreCheck(eventStore),
    projectorLagCheck(service.orm, eventStore, projectors, config.readyMaxLagSeconds),
  ];
  const server = listenWithOps(
    service.app.callback(),
    { metrics, checks, port: config.port, host: config.host },
    (port) => logger.info({ port }, `query service listening on ${port}`),
  );
  stopOnSignal(async () => {
    // Requests in flight finish (and their jobs' replies arrive) before anything they use closes.
    await stopServer(server);
    await heartbeat.stop();
    await database.close();
    await service.close();
    await eventStore.close();
    await sessions.close();
  });
}

main().catch((error) => {
  logger.fatal({ err: safeError(error) }, 'query service could not start');
  process.exit(1);
});
