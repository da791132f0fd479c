import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@reflections/platform/net/ports';
import supertest from 'supertest';
import { createEntryProxy } from './entry-proxy';

/** A stand-in upstream that answers with its name, the method and the path it got, and the X-Forwarded-For it was given. */
async function upstream(name: string) {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ name, method: req.method, url: req.url, forwardedFor: req.headers['x-forwarded-for'] ?? null }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the cluster’s HTTP entry (the Node alternative to nginx.conf)', () => {
  let servers: Awaited<ReturnType<typeof upstream>>[];
  let dead: string;
  beforeAll(async () => {
    servers = await Promise.all(['command-1', 'query-1', 'query-2', 'spa'].map(upstream));
    dead = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  const entry = (options: { command?: string[]; query?: string[] } = {}) => {
    const [command, query1, query2, spa] = servers;
    return supertest(
      createEntryProxy({
        command: options.command ?? [command.url],
        query: options.query ?? [query1.url, query2.url],
        spa: spa.url,
      }),
    );
  };

  it('sends reads under /api to the query replicas in turn, writes to the command service, the rest to the SPA', async () => {
    const agent = entry();
    const answered = async (request: supertest.Test) => ((await request.expect(200)).body as { name: string }).name;
    expect(await Promise.all([agent.get('/api/forum/posts'), agent.get('/api/forum/posts')].map(answered))).toEqual(
      expect.arrayContaining(['query-1', 'query-2']),
    );
    expect(await answered(agent.post('/api/forum/posts').send({}))).toBe('command-1');
    expect(await answered(agent.delete('/api/auth/session'))).toBe('command-1');
    expect(await answered(agent.get('/apiary'))).toBe('spa');
    expect(await answered(agent.get('/member/journal'))).toBe('spa');
  });

  it('keeps the services’ health and metrics off the entry', async () => {
    const agent = entry();
    for (const path of ['/metrics', '/readyz', '/healthz'])
      expect((await agent.get(path).expect(200)).body.name).toBe('spa');
  });

  it('tells the services who asked', async () => {
    expect((await entry().get('/api/auth/user').expect(200)).body.forwardedFor).toMatch(/127\.0\.0\.1/);
  });

  it('streams server-sent events through as they are written', async () => {
    let finish: () => void = () => undefined;
    const live = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: first\n\n');
      finish = () => res.end('data: last\n\n');
    });
    await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve));
    const proxy = createEntryProxy({
      command: [],
      query: [`http://127.0.0.1:${(live.address() as AddressInfo).port}`],
      spa: null,
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/admin/live`);
      const reader = response.body!.getReader();
      // The first event arrives while the upstream still holds the answer open.
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
      finish();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: last\n\n');
    } finally {
      proxy.close();
      live.close();
    }
  });

  it('passes over a replica that refuses connections for reads, and answers a write it cannot deliver with 503 and Retry-After', async () => {
    const agent = entry({ query: [dead, servers[1].url], command: [dead] });
    for (let i = 0; i < 4; i++) expect((await agent.get('/api/forum/posts').expect(200)).body.name).toBe('query-1');
    const refused = await agent.post('/api/forum/posts').send({}).expect(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body).toEqual({ error: expect.stringMatching(/command service is unavailable/), fields: {} });
  });
});
