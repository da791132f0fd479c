import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stopServer } from './shutdown';

describe('stopping a service’s HTTP server', () => {
  it('refuses new connections at once and answers every request already in flight before it resolves', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const server = http.createServer((_req, res) => {
      arrived();
      void held.then(() => res.end('done'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    const first = fetch(url).then(async (response) => ({ status: response.status, body: await response.text() }));
    await inFlight;
    let stopped = false;
    const stopping = stopServer(server).then(() => (stopped = true));
    await expect(fetch(url)).rejects.toThrow();
    expect(stopped).toBe(false);
    release();
    expect(await first).toEqual({ status: 200, body: 'done' });
    await stopping;
    expect(stopped).toBe(true);
  });
});
