import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { logServerErrors } from './server-errors';
import { openEventStream, type EventStream } from './event-stream';

type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: () => string;
  next: (pattern: string) => Promise<string>;
  leave: () => void;
  ended: Promise<void>;
};

/** Reads an event-stream answer as text, as a browser's EventSource would receive it. */
function read(base: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/live`, { headers }, (response) => {
      let text = '';
      const waiting: (() => void)[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        waiting.splice(0).forEach((wake) => wake());
      });
      const ended = new Promise<void>((done) => response.once('end', done));
      const next = async (pattern: string) => {
        while (!text.includes(pattern)) await new Promise<void>((wake) => waiting.push(wake));
        return text;
      };
      resolve({
        status: response.statusCode!,
        headers: response.headers,
        text: () => text,
        next,
        leave: () => request.destroy(),
        ended,
      });
    });
    request.on('error', reject);
  });
}

describe('an event stream', () => {
  const opened: EventStream[] = [];
  const closed: string[] = [];
  const app = logServerErrors(new Koa());
  app.use((ctx) => {
    const stream = openEventStream(ctx, { retry: 1000 });
    stream.onClose(() => closed.push(stream.lastEventId));
    stream.send('hello', { lastEventId: stream.lastEventId }, '7');
    opened.push(stream);
  });
  const server = http.createServer(app.callback());
  let base: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers as text/event-stream that no cache or proxy holds back, with the retry time and each event as sent', async () => {
    const answer = await read(base);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.headers['cache-control']).toMatch(/no-store/);
    expect(answer.headers['x-accel-buffering']).toBe('no');
    opened.at(-1)!.send('change', { readModels: ['users'] });
    const text = await answer.next('users');
    expect(text).toContain('event:hello\nid:7\ndata:{"lastEventId":""}\n\n');
    expect(text).toContain('retry:1000\n\n');
    expect(text).toContain('event:change\ndata:{"readModels":["users"]}\n\n');
    answer.leave();
  });

  it('tells the route the Last-Event-ID a reconnecting browser sent', async () => {
    const answer = await read(base, { 'Last-Event-ID': '41' });
    expect(await answer.next('hello')).toContain('data:{"lastEventId":"41"}');
    answer.leave();
  });

  it('ends the answer when the server ends it, and says so once', async () => {
    const answer = await read(base, { 'Last-Event-ID': 'server-ends' });
    await answer.next('hello');
    opened.at(-1)!.end();
    await answer.ended;
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed.filter((id) => id === 'server-ends')).toEqual(['server-ends']);
  });

  it('tells the route when the reader leaves, so it can stop listening', async () => {
    const answer = await read(base, { 'Last-Event-ID': 'reader-leaves' });
    await answer.next('hello');
    answer.leave();
    while (!closed.includes('reader-leaves')) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(() => opened.at(-1)!.send('change', {})).not.toThrow();
  });
});
