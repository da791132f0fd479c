import type Koa from 'koa';

/** A browser that closes the tab mid-stream (an SSE reply, a video) is not a server fault. */
const CLIENT_LEFT = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export const isClientLeaving = (error: unknown) => CLIENT_LEFT.has((error as { code?: string } | null)?.code ?? '');

/**
 * Koa logs every error a response stream raises, including a reader who left early. Keep
 * the log for faults: anything else still goes to Koa's own handler.
 */
export function logServerErrors(app: Koa): Koa {
  app.on('error', (error: Error) => {
    if (!isClientLeaving(error)) app.onerror(error);
  });
  return app;
}
