import { PassThrough } from 'node:stream';
import { Connection, EventBuffer, Session } from 'better-sse';
import type { Context } from 'koa';
import { onShutdown } from '../process/shutdown';

/** How often the stream sends a comment so that proxies keep an idle answer open. */
const KEEP_ALIVE_MS = 15_000;

export type EventStreamOptions = {
  /** Asks the browser's EventSource to reconnect after this long; null for a stream read by fetch, which never reconnects. */
  retry?: number | null;
  keepAlive?: number | null;
};

export type EventStream = {
  /** The Last-Event-ID the browser sent on reconnecting ('' on a first connection). */
  readonly lastEventId: string;
  /**
   * Sends one event, even before the session has connected (the body buffers it).
   * Without an id no `id:` line is written, so the browser's Last-Event-ID stays as it was.
   */
  send(event: string, data: unknown, id?: string): void;
  /** Ends the answer from the server's side; the browser reconnects if it is an EventSource. */
  end(): void;
  /** Runs once when the answer ends, whichever side ended it. */
  onClose(listener: () => void): void;
  /** better-sse's session, for a `Channel` to broadcast to (register it once it emits `connected`). */
  readonly session: Session;
};

/**
 * better-sse's connection over a Koa answer: the session writes into a PassThrough that Koa
 * sends as the body, so Koa still owns the response (its headers, error handling and the
 * quiet end of a stream a reader left) and nothing writes to the raw socket.
 */
class KoaConnection extends Connection {
  readonly body = new PassThrough();
  private readonly closed = new AbortController();
  url: URL;
  request: Request;
  response: Response;

  constructor(ctx: Context) {
    super();
    this.url = new URL(ctx.href);
    this.request = new Request(this.url, { method: ctx.method, signal: this.closed.signal });
    const lastEventId = ctx.get('last-event-id');
    if (lastEventId) this.request.headers.set('last-event-id', lastEventId);
    this.response = new Response(null, { status: 200, headers: Connection.constants.RESPONSE_HEADERS });
    ctx.res.once('close', this.close);
    this.body.once('close', this.close);
  }

  sendHead = () => undefined;
  sendChunk = (chunk: string) => {
    if (this.body.writable) this.body.write(chunk);
  };
  cleanup = () => {
    this.body.end();
  };
  /** A tick later: the session starts (its keep-alive timer too) on the tick it was made, and must have started to stop. */
  close = () => {
    setImmediate(() => this.closed.abort());
  };
}

/**
 * Answers the request with a server-sent event stream (better-sse's session over Koa's body).
 * Call it once the request is known to be good: its errors must still be able to become a 4xx.
 * The stream ends when the reader leaves, when `end()` is called, or when the process starts to stop,
 * so that readers reconnect to a replica that is not stopping.
 */
export function openEventStream(ctx: Context, options: EventStreamOptions = {}): EventStream {
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  const connection = new KoaConnection(ctx);
  ctx.status = 200;
  for (const [name, value] of Object.entries(Connection.constants.RESPONSE_HEADERS)) ctx.set(name, value);
  ctx.type = 'text/event-stream';
  ctx.body = connection.body;

  const session = new Session(connection, {
    retry: options.retry === undefined ? 1000 : options.retry,
    keepAlive: options.keepAlive === undefined ? KEEP_ALIVE_MS : options.keepAlive,
  });
  const lastEventId = session.lastId;
  const stopOnShutdown = onShutdown(connection.close);
  session.once('disconnected', stopOnShutdown);

  return {
    lastEventId,
    session,
    send(event, data, id) {
      const buffer = new EventBuffer().event(event);
      if (id !== undefined) buffer.id(id);
      connection.sendChunk(buffer.data(data).dispatch().read());
    },
    end: connection.close,
    onClose(listener) {
      if (connection.body.writable) session.once('disconnected', listener);
      else listener();
    },
  };
}
