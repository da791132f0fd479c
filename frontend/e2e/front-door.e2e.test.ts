import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createSpaApp } from '@reflections/infra/embedded/spa-app';
import { chromium, type Browser } from 'playwright-core';

/**
 * The front door as a new visitor's browser meets it: the real build, served by the
 * embedded server's SPA app (no database needed for what is checked here).
 */
const DIST = path.resolve(__dirname, '..', 'dist');

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let server: http.Server;
let base: string;
let browser: Browser;

beforeAll(async () => {
  server = http.createServer(createSpaApp(DIST).callback());
  await new Promise<void>((resolve) => server.listen(0, resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
});

/** The bytes as they travel, not decompressed. */
const get = (pathname: string, acceptEncoding: string) =>
  new Promise<Answer>((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });

describe('the front door', () => {
  it('sends the splash in the HTML itself, ahead of every script but the one-line splash check', async () => {
    const answer = await get('/', 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(answer.body).toString();
    const splash = html.indexOf('<div id="splash" role="presentation">');
    expect(splash).toBeGreaterThan(0);
    expect(html.indexOf('REFLECTIONS', splash)).toBeGreaterThan(splash);
    // The app's own script is a module: it runs only after the page (and the splash) is parsed.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[\w-]+\.js"><\/script>/);
  });

  it('paints the logo and REFLECTIONS with JavaScript turned off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${base}/`);
      const splash = page.locator('[role="presentation"]').filter({ hasText: 'REFLECTIONS' });
      await splash.waitFor({ state: 'visible' });
      expect(await splash.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      expect(await page.locator('#splash svg').boundingBox()).toMatchObject({ width: 96, height: 96 });
    } finally {
      await context.close();
    }
  });

  it('sends every script of the home route compressed and cached for good, each named in index.html', async () => {
    const html = brotliDecompressSync((await get('/', 'br')).body).toString();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[\w-]+\.js)"/g)].map((match) => match[1]);
    // The entry and the home route's chunk (vite.config.mts groups it under the name `home`).
    expect(scripts).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/index-/), expect.stringMatching(/^\/assets\/home-/)]),
    );
    for (const script of scripts) {
      const br = await get(script, 'gzip, deflate, br');
      expect({ script, encoding: br.headers['content-encoding'], cache: br.headers['cache-control'] }).toEqual({
        script,
        encoding: 'br',
        cache: 'public, max-age=31536000, immutable',
      });
      // The build keeps no twin that would be larger than the file (a 65-byte chunk travels as it is).
      const plain = await get(script, 'identity');
      const gzip = await get(script, 'gzip');
      expect({ script, encoding: gzip.headers['content-encoding'] }).toEqual({
        script,
        encoding: plain.body.length > 1024 ? 'gzip' : gzip.headers['content-encoding'],
      });
      expect(gzip.headers['content-encoding']).not.toBe('br');
    }
  });
});
