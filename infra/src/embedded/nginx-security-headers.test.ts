import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createSpaApp } from './spa-app';

const REPOSITORY = path.resolve(__dirname, '..', '..', '..');
const SNIPPET = fs.readFileSync(path.join(REPOSITORY, 'infra', 'docker', 'security-headers.conf'), 'utf8');

/** The fixed headers the nginx snippet adds, by lower-case name. */
const nginxHeaders = new Map(
  [...SNIPPET.matchAll(/^add_header\s+([\w-]+)\s+"([^"]*)"\s+always;$/gm)].map(([, name, value]) => [
    name.toLowerCase(),
    value,
  ]),
);

describe('the distributed mode’s nginx security headers', () => {
  it('are the ones the embedded SPA sends for the real index.html, splash hash included', async () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-headers-'));
    fs.copyFileSync(path.join(REPOSITORY, 'frontend', 'index.html'), path.join(site, 'index.html'));
    const answer = await supertest(createSpaApp(site).callback()).get('/').expect(200);
    fs.rmSync(site, { recursive: true, force: true });
    expect(nginxHeaders.size).toBeGreaterThanOrEqual(7);
    for (const [name, value] of nginxHeaders) expect([name, answer.headers[name]]).toEqual([name, value]);
  });
});
