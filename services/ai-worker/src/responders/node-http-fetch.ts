import http from 'node:http';
import https from 'node:https';
import nodeFetch, { type RequestInit as NodeFetchInit } from 'node-fetch';

const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/**
 * `fetch` for the `openai` client: node-fetch 2 on node:http, with keep-alive. Node's own
 * fetch (undici, WHATWG streams) cost the AI worker about 1 ms of CPU more per streamed
 * reply and 0.5 ms more per moderation call (docs/performance.md, "The AI workers'
 * scaling"), and every job makes both. node-fetch's body is a Node stream, which the client
 * iterates as it is. The client's retries, timeouts (the abort signal) and errors work as
 * with the global fetch.
 */
export const nodeHttpFetch = ((input: string | URL, init: RequestInit = {}) =>
  nodeFetch(String(input), {
    // The client's headers (a Headers object: node-fetch takes any iterable of pairs) and body as they are.
    ...(init as NodeFetchInit),
    agent: (url) => (url.protocol === 'https:' ? agents.https : agents.http),
  })) as unknown as typeof fetch;
