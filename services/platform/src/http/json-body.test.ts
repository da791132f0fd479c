import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import supertest from 'supertest';
import { createLogger } from '../log/logger';
import { errorMiddleware } from './error-middleware';
import { jsonBody } from './json-body';

const LIMIT = 1024;

describe('JSON request bodies', () => {
  const app = new Koa();
  app.use(errorMiddleware({ logger: createLogger({ level: 'silent' }) }));
  app.use(jsonBody({ limitBytes: LIMIT }));
  app.use((ctx) => {
    ctx.body = { received: ctx.request.jsonBody ?? null };
  });
  const server = http.createServer(app.callback());
  const request = supertest(server);
  afterAll(() => server.close());

  it('hands the parsed body to the route', async () => {
    const response = await request.post('/').send({ title: 'Steady', count: 2 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: { title: 'Steady', count: 2 } });
  });

  it('leaves an empty body undefined', async () => {
    expect((await request.post('/')).body).toEqual({ received: null });
  });

  it('answers malformed JSON with 400 and the field', async () => {
    const response = await request.post('/').set('Content-Type', 'application/json').send('{"title": ');
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ body: 'Malformed JSON' });
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await request.post('/').set('Content-Type', 'text/plain').send('hello');
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ body: 'Expected JSON' });
  });

  it('answers a body over the limit with 400, whether its length was declared or not', async () => {
    const declared = await request.post('/').send({ text: 'x'.repeat(LIMIT) });
    expect(declared.status).toBe(400);
    expect(declared.body.fields).toEqual({ body: `At most ${LIMIT} bytes` });

    // Chunked, without Content-Length: the limit is found while reading.
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const { port } = server.address() as AddressInfo;
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          port,
          method: 'POST',
          path: '/',
          headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write('{"text": "');
      req.write('x'.repeat(LIMIT));
      req.end('"}');
    });
    expect(streamed.status).toBe(400);
    expect(JSON.parse(streamed.body).fields).toEqual({ body: `At most ${LIMIT} bytes` });
  });
});
