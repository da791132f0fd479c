import http from 'node:http';
import zlib from 'node:zlib';
import { parentPort } from 'node:worker_threads';
import { nameThisThread } from '@reflections/platform/process/thread-name';
import type { ClientPlan, FromLoadGenerator, ToLoadGenerator } from './load-generator';

nameThisThread('bench-clients');

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

type Answer = { status: number; body: string; position: string | null };

const decoders: Record<string, (data: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

function request(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
  onLastByte?: (at: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          onLastByte?.(performance.now());
          const position = response.headers['x-position'];
          const data = Buffer.concat(chunks);
          const decode = decoders[response.headers['content-encoding'] ?? ''];
          resolve({
            status: response.statusCode ?? 0,
            body: (decode ? decode(data) : data).toString('utf8'),
            position: typeof position === 'string' ? position : null,
          });
        });
        response.on('error', reject);
      },
    );
    sent.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed, idle, just as it was reused (after seeding, or waiting for the
      // projectors): the request never reached the route, so it is sent again on a new socket (Node's advice).
      if (sent.reusedSocket && error.code === 'ECONNRESET')
        request(url, method, headers, body, onLastByte).then(resolve, reject);
      else reject(error);
    });
    sent.end(body);
  });
}

async function writes(clients: ClientPlan[]) {
  const positions: string[] = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (const body of client.bodies) {
        const answer = await request(client.url, 'POST', client.headers, body);
        if (answer.status >= 300) throw new Error(`write answered ${answer.status}: ${answer.body}`);
        if (answer.position) positions.push(answer.position);
      }
    }),
  );
  const writes = clients.reduce((sum, client) => sum + client.bodies.length, 0);
  return { perSecond: writes / ((performance.now() - started) / 1000), positions };
}

async function reads(message: Extract<ToLoadGenerator, { type: 'reads' }>) {
  const latencies: number[][] = message.targets.map(() => []);
  let took = 0;
  for (let i = 0; i < message.untimed + message.count; i++) {
    for (const [t, target] of message.targets.entries()) {
      // Compressed, as a browser asks for it. The latency ends with the answer's last byte; decoding and counting its rows come after.
      const headers = { 'Accept-Encoding': 'br, gzip', ...target.headers };
      const started = performance.now();
      const answer = await request(target.url, 'GET', headers, undefined, (answered) => (took = answered - started));
      if (answer.status !== 200) throw new Error(`list answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      // A list answers an array; a page of the feed or of a search, `{ posts, total, nextCursor }`.
      const parsed = JSON.parse(answer.body) as unknown[] | { posts: unknown[] };
      const rows = Array.isArray(parsed) ? parsed.length : parsed.posts.length;
      if (rows !== target.expectRows) throw new Error(`list answered ${rows} rows, not ${target.expectRows}`);
      if (i >= message.untimed) latencies[t].push(took);
    }
  }
  return { latencies: latencies.map((list) => list.sort((a, b) => a - b)) };
}

const port = parentPort!;
port.on('message', (message: ToLoadGenerator) => {
  const answered: Promise<FromLoadGenerator> =
    message.type === 'writes'
      ? writes(message.clients).then((round) => ({ type: 'writes', round }))
      : reads(message).then((round) => ({ type: 'reads', round }));
  void answered
    .catch((error: unknown) => ({
      type: 'failed' as const,
      message: error instanceof Error ? error.message : String(error),
    }))
    .then((answer) => port.postMessage(answer));
});
