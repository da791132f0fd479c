import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRISIS_REPLY_SYSTEM } from '../prompts/crisis-reply';
import { PROCESS_JOURNAL_SYSTEM } from '../prompts/process-journal';
import {
  type FakeAnswer,
  type FakeOpenAi,
  type RecordedRequest,
  startFakeOpenAi,
} from '@reflections/testing/fake-openai-server';
import { openAiClient, openAiResponder } from './openai-responder';
import type { JournalReplyRequest } from './responder';

const systemPromptOf = (request: RecordedRequest) =>
  (request.body.messages as { role: string; content: string }[]).find((m) => m.role === 'system')?.content;

describe('RAI through OpenAI when the crisis check fired', () => {
  let fake: FakeOpenAi;
  let script: (request: RecordedRequest) => FakeAnswer;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ answer: (request) => script(request) });
  });
  afterAll(async () => {
    await fake?.stop();
  });

  const responder = () =>
    openAiResponder(
      openAiClient({
        apiKey: 'test-key',
        baseURL: fake.baseURL,
        model: 'rai-test-model',
        timeoutMs: 2_000,
        maxRetries: 0,
      }),
      'rai-test-model',
    );
  const request = (crisis: boolean): JournalReplyRequest => ({
    purpose: 'chat',
    text: 'I have a plan and I have the pills ready',
    prompt: null,
    mood: null,
    seed: 'entry-1',
    crisis,
  });

  it('sends the crisis system prompt, streams the words and reads no mood', async () => {
    const words =
      'Thank you for telling me. I am here with you. Are you thinking about ending your life, and are you safe right now? Please reach one of the lines above now.';
    script = () => ({ kind: 'content', content: JSON.stringify({ response: words }), chunks: 8 });
    const before = fake.chatRequests().length;
    const chunks: string[] = [];
    const answer = await responder().journalReply(request(true), (text) => chunks.push(text));
    const [sent] = fake.chatRequests().slice(before);
    expect(systemPromptOf(sent)).toBe(CRISIS_REPLY_SYSTEM);
    expect((sent.body.response_format as { json_schema: { name: string } }).json_schema.name).toBe('rai_crisis_reply');
    expect(answer).toEqual({ reply: words, mood: null, insights: [] });
    expect(chunks.join('')).toBe(words);
  });

  it('keeps the crisis prompt to safe messaging: no method, no cheer, a direct question, a person now, an AI', () => {
    expect(CRISIS_REPLY_SYSTEM).toMatch(/Never describe, name, repeat or discuss any method/);
    expect(CRISIS_REPLY_SYSTEM).toMatch(/Never: cheer him up/);
    expect(CRISIS_REPLY_SYSTEM).toMatch(/Ask him directly and calmly/);
    expect(CRISIS_REPLY_SYSTEM).toMatch(/do not list phone numbers/);
    expect(CRISIS_REPLY_SYSTEM).toMatch(/You are an AI, not a person/);
  });

  it('sends the usual prompt when the check did not fire', async () => {
    script = () => ({
      kind: 'content',
      content: JSON.stringify({ response: 'Long week. What got you through?', mood: 'overwhelmed', insights: [] }),
    });
    const before = fake.chatRequests().length;
    const answer = await responder().journalReply({ ...request(false), text: 'Long week at the plant.' }, null);
    expect(systemPromptOf(fake.chatRequests()[before])).toBe(PROCESS_JOURNAL_SYSTEM);
    expect(answer.mood).toBe('overwhelmed');
  });
});

describe("RAI's streamed reply as the model sends it", () => {
  let server: http.Server;
  let events: string[];
  beforeAll(async () => {
    server = http.createServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // Each piece in a packet of its own.
      for (const piece of events) {
        res.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const responder = () =>
    openAiResponder(
      openAiClient({
        apiKey: 'test-key',
        baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        model: 'rai-test-model',
        timeoutMs: 2_000,
        maxRetries: 0,
      }),
      'rai-test-model',
    );
  const delta = (content: string) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
  const request: JournalReplyRequest = {
    purpose: 'chat',
    text: 'Long week.',
    prompt: null,
    mood: null,
    seed: 'entry-1',
    crisis: false,
  };
  const answer = JSON.stringify({ response: 'Long week. What helped?', mood: 'overwhelmed', insights: [] });

  it('reads events split across packets and lines ended by CRLF, and stops at [DONE]', async () => {
    const whole = `${delta(answer.slice(0, 20))}${delta(answer.slice(20)).replace(/\n/g, '\r\n')}data: [DONE]\n\n${delta('ignored')}`;
    events = [whole.slice(0, 7), whole.slice(7, 50), whole.slice(50)];
    const chunks: string[] = [];
    const reply = await responder().journalReply(request, (text) => chunks.push(text));
    expect(reply.reply).toBe('Long week. What helped?');
    expect(chunks.join('')).toBe('Long week. What helped?');
  });

  it('fails (the job is retried, nothing recorded) when the model sends an error in the stream', async () => {
    events = [delta(answer.slice(0, 20)), `data: ${JSON.stringify({ error: { message: 'model overloaded' } })}\n\n`];
    await expect(responder().journalReply(request, null)).rejects.toThrow('model overloaded');
  });
});
