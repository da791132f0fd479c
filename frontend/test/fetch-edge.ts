/** A request as the fake server saw it. */
export type SeenRequest = {
  readonly method: string;
  readonly path: string;
  readonly headers: Headers;
  readonly credentials: RequestCredentials;
  readonly body: unknown;
};
export type Answer =
  | {
      readonly status: number;
      readonly statusText?: string;
      readonly body?: unknown;
      readonly headers?: Record<string, string>;
    }
  | 'network-error';

/**
 * Answers every fetch at the edge of the app, so RTK Query and the shared base query run
 * for real. Returns the requests seen so far.
 */
export function answerFetch(answer: (request: SeenRequest) => Answer | Promise<Answer>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const entry = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      credentials: request.credentials,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    const result = await answer(entry);
    if (result === 'network-error') throw new TypeError('Failed to fetch');
    // A stream goes out as it is written (a server-sent reply the test writes piece by piece).
    const body =
      result.body === undefined
        ? null
        : typeof result.body === 'string' || result.body instanceof ReadableStream
          ? result.body
          : JSON.stringify(result.body);
    const contentType =
      typeof result.body === 'string' || result.body instanceof ReadableStream ? 'text/plain' : 'application/json';
    return new Response(body, {
      status: result.status,
      statusText: result.statusText,
      headers: { 'content-type': contentType, ...result.headers },
    });
  };
  return seen;
}
