import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { COMPRESS_ABOVE_BYTES, jsonCompression } from './json-compression';

const LARGE = {
  entries: Array.from({ length: 100 }, (_, i) => ({ id: i, text: 'What I did not say out loud today.' })),
};
const SMALL = { ok: true };
let largeWritten = 0;
/** LARGE, counting each time its JSON is written. */
const COUNTED = { toJSON: () => (largeWritten++, LARGE) };

describe('JSON answers under /api', () => {
  const app = new Koa();
  app.use(jsonCompression());
  app.use(async (ctx) => {
    if (ctx.path === '/api/large') ctx.body = LARGE;
    else if (ctx.path === '/api/small') ctx.body = SMALL;
    else if (ctx.path === '/api/counted') ctx.body = COUNTED;
    else {
      ctx.type = 'text/event-stream';
      const stream = new PassThrough();
      ctx.body = stream;
      stream.end(`data: ${'x'.repeat(4096)}\n\n`);
    }
  });
  const server = http.createServer(app.callback());
  let base: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (pathname: string, acceptEncoding: string) =>
    new Promise<{ encoding?: string; type?: string; length?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${pathname}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              encoding: res.headers['content-encoding'],
              type: res.headers['content-type'],
              length: res.headers['content-length'],
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    });

  it('travel brotli-compressed above 1 KB when the browser accepts brotli, else gzip', async () => {
    expect(JSON.stringify(LARGE).length).toBeGreaterThan(COMPRESS_ABOVE_BYTES);
    const br = await get('/api/large', 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(LARGE);
    const gzip = await get('/api/large', 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(LARGE);
  });

  it('travel as they are below 1 KB', async () => {
    const answer = await get('/api/small', 'gzip, br');
    expect(answer.encoding).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toEqual(SMALL);
    expect(answer.type).toBe('application/json; charset=utf-8');
    expect(Number(answer.length)).toBe(answer.body.length);
  });

  it('are written as JSON once each, compressed or not', async () => {
    largeWritten = 0;
    const compressed = await get('/api/counted', 'br');
    expect(compressed.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(brotliDecompressSync(compressed.body).toString())).toEqual(LARGE);
    const plain = await get('/api/counted', 'identity');
    expect(JSON.parse(plain.body.toString())).toEqual(LARGE);
    expect(Number(plain.length)).toBe(plain.body.length);
    expect(largeWritten).toBe(2);
  });

  it('leave server-sent events alone, so that each reaches the browser as it is written', async () => {
    const answer = await get('/api/live', 'gzip, br');
    expect(answer.encoding).toBeUndefined();
    expect(answer.body.toString()).toMatch(/^data: x+\n\n$/);
  });
});
