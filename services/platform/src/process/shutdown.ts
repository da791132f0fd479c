import { EventEmitter } from 'node:events';
import type http from 'node:http';
import { logger } from '../log/logger';

const shutdown = new EventEmitter();
shutdown.setMaxListeners(0);

/**
 * Calls `listener` once when the process starts to stop (stopOnSignal): long-lived
 * answers such as server-sent event streams end then, so their clients reconnect
 * elsewhere instead of holding the process. Answers a function that stops listening.
 */
export function onShutdown(listener: () => void): () => void {
  shutdown.once('shutdown', listener);
  return () => shutdown.off('shutdown', listener);
}

/** Runs `stop` once on SIGINT or SIGTERM, then exits; a failing stop still exits (with 1). */
export function stopOnSignal(stop: (signal: string) => Promise<void>) {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    shutdown.emit('shutdown');
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'failed while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handle('SIGINT'));
  process.on('SIGTERM', () => handle('SIGTERM'));
}

/**
 * Stops taking connections and resolves once every request in flight has been answered
 * (idle keep-alive connections close at once), or after `graceMs`, when whatever is
 * still open is cut. Close the stores the requests use only after this.
 */
export function stopServer(server: http.Server, graceMs = 10_000): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
