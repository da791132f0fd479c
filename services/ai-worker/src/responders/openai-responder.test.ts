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
