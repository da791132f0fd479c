import http from 'node:http';
import https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

const decompressors: Record<string, (() => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | undefined> = {
  gzip: zlib.createGunzip,
  'x-gzip': zlib.createGunzip,
  deflate: zlib.createInflate,
  br: zlib.createBrotliDecompress,
};

/** The body as the server sent it, decompressed if it said it compressed it (an error on either side ends both). */
function decoded(response: http.IncomingMessage): Readable {
  const decompressor = decompressors[response.headers['content-encoding']?.trim().toLowerCase() ?? ''];
  return decompressor ? pipeline(response, decompressor(), () => undefined) : response;
}

async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * What the `openai` client reads of a response (status, headers, text or JSON, and the body
 * it iterates for a streamed answer: it takes any async iterable, so the Node stream is
 * handed over as it is, without a WHATWG stream around it).
 */
function responseOf(url: string, response: http.IncomingMessage, head: boolean): Response {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  const status = response.statusCode ?? 0;
  // A response without a body is still read to its end, so its connection goes back to the pool.
  const bodyless = head || status === 204 || status === 205 || status === 304;
  if (bodyless) response.resume();
  const body = bodyless ? null : decoded(response);
  let used = false;
  const bytes = async () => {
    if (used) throw new TypeError('Body is unusable: Body has already been read');
    used = true;
    return body ? readAll(body) : Buffer.alloc(0);
  };
  const text = async () => (await bytes()).toString('utf8');
  return {
    status,
    statusText: response.statusMessage ?? '',
    ok: status >= 200 && status < 300,
    headers,
    url,
    redirected: false,
    type: 'basic',
    body,
    get bodyUsed() {
      return used;
    },
    text,
    json: async () => JSON.parse(await text()) as unknown,
    arrayBuffer: async () => new Uint8Array(await bytes()).buffer,
  } as unknown as Response;
}

/**
 * `fetch` for the `openai` client on node:http, with keep-alive. Node's own fetch (undici,
 * WHATWG streams) cost the AI worker about 1 ms of CPU more per streamed reply and 0.5 ms
 * more per moderation call (docs/performance.md, "The AI workers' scaling"), and every job
 * makes both. The client's retries, timeouts (the abort signal) and errors work as with
 * the global fetch; a request this does not handle (a body other than text or bytes, a
 * Request object, another scheme) goes to the global fetch.
 */
export const nodeHttpFetch = (async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
  const { body, signal } = init;
  const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : null;
  const agent = url && agents[url.protocol as keyof typeof agents];
  if (!url || !agent || !(body == null || typeof body === 'string' || body instanceof Uint8Array))
    return fetch(input, init);
  signal?.throwIfAborted();
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: init.method ?? 'GET', headers, agent, signal: signal ?? undefined },
      (response) => {
        // A header the Headers class refuses must fail this request, not the process.
        try {
          resolve(responseOf(url.href, response, init.method === 'HEAD'));
        } catch (error) {
          response.destroy();
          reject(error);
        }
      },
    );
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}) as typeof fetch;
