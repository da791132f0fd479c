import path from 'node:path';
import { readConfig } from '@reflections/platform/config';
import { logger } from '@reflections/platform/log/logger';
import { stopOnSignal } from '@reflections/platform/process/shutdown';
import { createSpaApp } from '../embedded/spa-app';

/** The built SPA on its own port (start:cluster's stand-in for the web image's nginx). */
const config = readConfig();
const server = createSpaApp(path.resolve(__dirname, '..', '..', '..', 'frontend', 'dist'), {
  trustProxyHops: config.trustProxyHops,
}).listen(config.port, config.host ?? undefined, () =>
  logger.info({ port: config.port }, `spa listening on ${config.port}`),
);
stopOnSignal(async () => {
  server.close();
});
