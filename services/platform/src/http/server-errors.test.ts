import { PassThrough } from 'node:stream';
import http from 'node:http';
import Koa from 'koa';
import { logServerErrors } from './server-errors';

/** An app that streams forever, with its error log recorded. */
function streamingApp(logged: unknown[]) {
  const app = logServerErrors(new Koa());
  app.onerror = (error) => logged.push(error);
  app.use((ctx) => {
    const stream = new PassThrough();
    stream.write('event: chunk\ndata: {}\n\n');
    ctx.type = 'text/event-stream';
    ctx.body = stream;
  });
  return app;
}

describe('server error log', () => {
  it('stays quiet when a reader leaves a stream early, and still logs real faults', async () => {
    const logged: unknown[] = [];
    const app = streamingApp(logged);
    const server = app.listen(0);
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => {
      const request = http.get(`http://127.0.0.1:${port}/`, (response) =>
        response.once('data', () => {
          request.destroy();
          resolve();
        }),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    app.emit('error', new Error('a real fault'));
    server.close();
    expect(logged.map((error) => (error as Error).message)).toEqual(['a real fault']);
  });
});
