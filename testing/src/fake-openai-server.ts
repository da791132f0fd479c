import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the fake answers to one chat completion request. */
export type FakeAnswer =
  | {
      kind: 'content';
      /** The whole answer, or (streamed) its pieces as they are sent. */
      content: string | readonly string[];
      /** Spread a streamed answer over this long. */
      streamMs?: number;
      chunks?: number;
    }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Never answers (the client's timeout must end it). */
  | { kind: 'hang' };

export type RecordedRequest = { path: string; body: Record<string, unknown> };

/**
 * A local OpenAI-compatible HTTP server for tests and the benchmark: chat completions
 * (plain and streamed as server-sent events, as the API sends them) and moderations.
 * Each chat request takes the next scripted answer, or the default one.
 */
export async function startFakeOpenAi(options: {
  answer: (request: RecordedRequest, index: number) => FakeAnswer;
  flags?: (input: string) => boolean;
}) {
  const requests: RecordedRequest[] = [];
  let chatCount = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    const recorded = { path: req.url ?? '', body };
    requests.push(recorded);
    if (req.url?.endsWith('/moderations')) {
      const flagged = options.flags?.(String(body.input)) ?? false;
      const categories = {
        'self-harm': flagged,
        'self-harm/intent': flagged,
        'self-harm/instructions': false,
        violence: false,
      };
      return json(res, 200, {
        id: 'modr-fake',
        model: body.model,
        results: [{ flagged, categories, category_scores: {} }],
      });
    }
    if (!req.url?.endsWith('/chat/completions')) return json(res, 404, { error: { message: 'unknown path' } });
    const answer = options.answer(recorded, chatCount++);
    if (answer.kind === 'hang') return;
    if (answer.kind === 'status') {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      return res.end(
        JSON.stringify(answer.body ?? { error: { message: `fake status ${answer.status}`, type: 'fake' } }),
      );
    }
    const base = { id: `chatcmpl-${chatCount}`, created: 0, model: body.model };
    if (!body.stream) {
      const content = typeof answer.content === 'string' ? answer.content : answer.content.join('');
      return json(res, 200, {
        ...base,
        object: 'chat.completion',
        choices: [
          { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null },
        ],
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const pieces = typeof answer.content === 'string' ? split(answer.content, answer.chunks ?? 10) : answer.content;
    const pause = (answer.streamMs ?? 0) / pieces.length;
    const send = (choice: Record<string, unknown>) =>
      res.write(
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, logprobs: null, ...choice }] })}\n\n`,
      );
    for (const [i, piece] of pieces.entries()) {
      send({ delta: i === 0 ? { role: 'assistant', content: piece } : { content: piece }, finish_reason: null });
      if (pause > 0) await sleep(pause);
    }
    send({ delta: {}, finish_reason: 'stop' });
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () => requests.filter((r) => r.path.endsWith('/chat/completions')),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function split(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces.length > 0 ? pieces : [''];
}
