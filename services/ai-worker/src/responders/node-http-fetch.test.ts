import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import OpenAI from 'openai';
import { nodeHttpFetch } from './node-http-fetch';

describe('the openai client on node:http', () => {
  let server: http.Server;
  let baseURL: string;
  let handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
  const streams: http.ServerResponse[] = [];
  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const parts: Buffer[] = [];
      for await (const part of req) parts.push(part as Buffer);
      handle(req, Buffer.concat(parts).toString('utf8'), res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    streams.forEach((res) => res.destroy());
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const client = (options: { timeout?: number; maxRetries?: number } = {}) =>
    new OpenAI({ apiKey: 'test-key', baseURL, fetch: nodeHttpFetch, maxRetries: 0, ...options });
  const chunk = (content: string) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

  it('sends the method, headers and body, and reads a JSON answer', async () => {
    let seen: { method?: string; auth?: string; body?: string } = {};
    handle = (req, body, res) => {
      seen = { method: req.method, auth: req.headers.authorization, body };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'm', model: 'x', results: [{ flagged: true, categories: { 'self-harm': true } }] }));
    };
    const answer = await client().moderations.create({ model: 'omni-moderation-latest', input: 'words' });
    expect(answer.results[0].categories['self-harm']).toBe(true);
    expect(seen).toEqual({
      method: 'POST',
      auth: 'Bearer test-key',
      body: JSON.stringify({ model: 'omni-moderation-latest', input: 'words' }),
    });
  });

  it('reads a compressed answer', async () => {
    handle = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(zlib.gzipSync(JSON.stringify({ id: 'm', model: 'x', results: [{ flagged: false, categories: {} }] })));
    };
    const answer = await client().moderations.create({ model: 'omni-moderation-latest', input: 'words' });
    expect(answer.results[0].flagged).toBe(false);
  });

  it('hands each streamed piece over as it arrives, before the stream ends', async () => {
    let more: (() => void) | null = null;
    handle = (_req, _body, res) => {
      streams.push(res);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('Thanks '));
      more = () => res.end(`${chunk('for that.')}data: [DONE]\n\n`);
    };
    const stream = await client().chat.completions.create({ model: 'm', stream: true, messages: [] });
    const pieces: string[] = [];
    for await (const part of stream) {
      pieces.push(part.choices[0].delta.content ?? '');
      if (pieces.length === 1) more!();
    }
    expect(pieces).toEqual(['Thanks ', 'for that.']);
  });

  it('retries a 429 as the client would, then answers', async () => {
    let asked = 0;
    handle = (_req, _body, res) => {
      asked += 1;
      if (asked === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '10' });
        return res.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit' } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'm', model: 'x', results: [{ flagged: false, categories: {} }] }));
    };
    await client({ maxRetries: 1 }).moderations.create({ model: 'omni-moderation-latest', input: 'words' });
    expect(asked).toBe(2);
  });

  it('gives up on a server that never answers, with the timeout error', async () => {
    handle = (_req, _body, res) => streams.push(res);
    await expect(
      client({ timeout: 100 }).moderations.create({ model: 'omni-moderation-latest', input: 'words' }),
    ).rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
  });

  it('keeps one connection for answers without a body, one after the other', async () => {
    let connections = 0;
    const count = () => (connections += 1);
    server.on('connection', count);
    try {
      handle = (_req, _body, res) => {
        res.writeHead(204);
        res.end();
      };
      const c = client();
      for (let i = 0; i < 3; i++) await c.post('/nothing', { body: {} });
      expect(connections).toBeLessThanOrEqual(1);
    } finally {
      server.off('connection', count);
    }
  });

  it('reports an error status with the server message', async () => {
    handle = (_req, _body, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'input too long', type: 'invalid_request_error' } }));
    };
    await expect(client().moderations.create({ model: 'omni-moderation-latest', input: 'x' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('input too long') as unknown,
    });
  });
});
