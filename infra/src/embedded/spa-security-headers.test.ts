import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { inlineScriptHashes } from './inline-scripts';
import { createSpaApp } from './spa-app';

const SPLASH_SCRIPT =
  "\n      try { document.documentElement.setAttribute('data-splash-seen', ''); } catch (e) {}\n    ";
const INDEX = `<!doctype html><html><head><script>${SPLASH_SCRIPT}</script><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
const splashHash = `'sha256-${createHash('sha256').update(SPLASH_SCRIPT).digest('base64')}'`;

function builtSite(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-headers-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  return dist;
}

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers of the SPA', () => {
  const dist = builtSite();
  const spa = supertest(createSpaApp(dist).callback());
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('hashes only inline scripts, exactly as written between the tags', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([splashHash]);
  });

  it.each(['/', '/member/journal', '/assets/index-Ab12Cd34.js', '/assets/missing-chunk.js'])(
    'sends the headers with %s',
    async (pathname) => {
      const answer = await spa.get(pathname);
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", splashHash]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('media-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('same-origin');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['permissions-policy']).toContain('camera=()');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('follows a rebuilt index.html to its new splash script', async () => {
    const site = builtSite();
    const app = supertest(createSpaApp(site).callback());
    await app.get('/').expect(200);
    const rebuilt = INDEX.replace(SPLASH_SCRIPT, 'void 0;');
    fs.writeFileSync(path.join(site, 'index.html'), rebuilt);
    fs.utimesSync(path.join(site, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    const answer = await app.get('/').expect(200);
    expect(directives(answer.headers['content-security-policy']).get('script-src')).toEqual([
      "'self'",
      ...inlineScriptHashes(rebuilt),
    ]);
    fs.rmSync(site, { recursive: true, force: true });
  });

  it('adds HSTS only over TLS, believed from X-Forwarded-Proto only behind a trusted proxy', async () => {
    const direct = await spa.get('/').set('X-Forwarded-Proto', 'https');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const proxied = await supertest(createSpaApp(dist, { trustProxyHops: 1 }).callback())
      .get('/')
      .set('X-Forwarded-Proto', 'https');
    expect(proxied.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});
