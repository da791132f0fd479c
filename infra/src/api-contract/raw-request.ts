import http from 'node:http';

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One HTTP request exactly as given: the path is sent byte for byte (no client-side
 * normalising of `..` or re-encoding, as supertest and fetch do) and the body as raw bytes.
 * A server-sent event stream is answered by its status alone: it would never end.
 */
export function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: Buffer; timeoutMs: number },
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: options.method,
        path: options.path,
        headers: { ...options.headers, ...(options.body ? { 'content-length': String(options.body.length) } : {}) },
        timeout: options.timeoutMs,
      },
      (response) => {
        if (String(response.headers['content-type']).includes('text/event-stream')) {
          response.destroy();
          resolve({ status: response.statusCode!, headers: response.headers, body: '' });
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

export const closeRawRequests = () => agent.destroy();
