import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createSpaApp } from './spa-app';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

const ENTRY = 'assets/index-Ab12Cd34.js';
const ENTRY_SOURCE = `console.log(${JSON.stringify('the app '.repeat(400))});`;
const INDEX =
  '<!doctype html><html><body><div id="splash" role="presentation"><p>REFLECTIONS</p></div><div id="root"></div></body></html>';

/** A dist folder as the build leaves it: hashed assets with their brotli and gzip twins, public files beside them. */
function builtSite(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-app-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'media'));
  for (const [file, content] of [
    [ENTRY, ENTRY_SOURCE],
    ['index.html', INDEX],
  ]) {
    fs.writeFileSync(path.join(dist, file), content);
    fs.writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
    fs.writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
  }
  fs.writeFileSync(path.join(dist, 'media', 'home-hero.mp4'), Buffer.alloc(2048, 1));
  fs.writeFileSync(path.join(dist, 'media', 'home-hero.webm'), Buffer.alloc(2048, 2));
  fs.writeFileSync(path.join(dist, 'media', 'home-hero.jpg'), Buffer.alloc(512, 3));
  return dist;
}

describe('the SPA as the embedded server serves it', () => {
  const dist = builtSite();
  const server = http.createServer(createSpaApp(dist).callback());
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** The bytes as they travel: no client-side decompression. */
  const get = (pathname: string, headers: http.OutgoingHttpHeaders = {}) =>
    new Promise<Answer>((resolve, reject) => {
      http
        .get(`${base}${pathname}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });

  it('sends a hashed asset brotli-compressed to a browser that accepts brotli, cached for a year as immutable', async () => {
    const answer = await get(`/${ENTRY}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.body.length).toBeLessThan(ENTRY_SOURCE.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(ENTRY_SOURCE);
  });

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzipped = await get(`/${ENTRY}`, { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(ENTRY_SOURCE);
    const plain = await get(`/${ENTRY}`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ENTRY_SOURCE);
  });

  it('serves index.html for / and for any client-side route, compressed and revalidated on every visit', async () => {
    for (const pathname of ['/', '/journey', '/member/forum']) {
      const answer = await get(pathname, { 'Accept-Encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString()).toContain('REFLECTIONS');
    }
  });

  it('answers 304 to a revalidation of an unchanged index.html', async () => {
    const first = await get('/', { 'Accept-Encoding': 'br' });
    const again = await get('/', {
      'Accept-Encoding': 'br',
      'If-Modified-Since': String(first.headers['last-modified']),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers 404, never the app, for a path under /media or /assets that does not exist', async () => {
    for (const pathname of ['/media/campfire.mp4', '/media/', '/assets/index-gone.js', '/assets/nested/missing.css']) {
      // As a video element asks: with a range.
      const answer = await get(pathname, { 'Accept-Encoding': 'br, gzip', Range: 'bytes=0-' });
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 404 });
      expect(answer.body.toString()).not.toContain('REFLECTIONS');
    }
  });

  it('answers 404 for a missing file anywhere (favicon.ico, robots.txt), the app for a client route', async () => {
    for (const pathname of ['/favicon.ico', '/robots.txt', '/member/apple-touch-icon.png']) {
      const answer = await get(pathname, {});
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 404 });
    }
    const route = await get('/member/forum', {});
    expect(route.status).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
  });

  it('sends media with their own content types, uncompressed', async () => {
    const types = {
      '/media/home-hero.mp4': 'video/mp4',
      '/media/home-hero.webm': 'video/webm',
      '/media/home-hero.jpg': 'image/jpeg',
    };
    for (const [pathname, type] of Object.entries(types)) {
      const answer = await get(pathname, { 'Accept-Encoding': 'br, gzip' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(type);
      expect(answer.headers['content-encoding']).toBeUndefined();
    }
  });

  it('sends a byte range of a video, as Safari asks for before it plays one', async () => {
    const answer = await get('/media/home-hero.mp4', { Range: 'bytes=100-199' });
    expect(answer.status).toBe(206);
    expect(answer.headers['content-range']).toBe('bytes 100-199/2048');
    expect(answer.headers['accept-ranges']).toBe('bytes');
    expect(answer.headers['content-type']).toBe('video/mp4');
    expect(answer.body).toEqual(Buffer.alloc(100, 1));
  });

  it('refuses to write', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      http
        .request(`${base}/journey`, { method: 'POST' }, (res) => resolve(res.statusCode ?? 0))
        .on('error', reject)
        .end();
    });
    expect(answer).toBe(405);
  });
});
