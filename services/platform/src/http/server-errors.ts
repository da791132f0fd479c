import type Koa from 'koa';
import { logger as processLogger, type Logger } from '../log/logger';
import { safeError } from '../log/safe-error';

/** A browser that closes the tab mid-stream (an SSE reply, a video) is not a server fault. */
const CLIENT_LEFT = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export const isClientLeaving = (error: unknown) => CLIENT_LEFT.has((error as { code?: string } | null)?.code ?? '');

/**
 * Koa logs every error a response stream raises, including a reader who left early, and
 * prints the raw error (a database error's message may hold the query and its values).
 * Keep the log for faults, written through the platform logger with only safe fields.
 */
export function logServerErrors(app: Koa, options: { logger?: Logger } = {}): Koa {
  const log = options.logger ?? processLogger;
  app.onerror = (error: Error) => {
    // As Koa's own handler: a client's mistake (404, an exposed error) is not a fault.
    const { status, expose } = error as { status?: number; expose?: boolean };
    if (status === 404 || expose || app.silent) return;
    log.error({ err: safeError(error) }, 'server error');
  };
  app.on('error', (error: Error) => {
    if (!isClientLeaving(error)) app.onerror(error);
  });
  return app;
}
