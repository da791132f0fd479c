import {
  createAiHandlers,
  CRISIS_REPLY_SYSTEM,
  inProcessAiJobs,
  type InProcessAiJobs,
} from '@reflections/testing/ai-worker-for-test';
import { readAiConfig } from '@reflections/ai-client/ai-config';
import { CRISIS_RESOURCES_TEXT } from '@reflections/contracts/crisis';
import {
  type FakeAnswer,
  type FakeOpenAi,
  type RecordedRequest,
  startFakeOpenAi,
} from '@reflections/testing/fake-openai-server';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { eventsIn, wholeText } from '@reflections/testing/live-stream';

const cookieOf = (response: { headers: Record<string, unknown> }) =>
  (response.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
const modelReply = (response: string, mood = 'hopeful') =>
  JSON.stringify({ response, mood, insights: ['You are showing up.', 'Small steps count.'] });

describe('RAI through the openai client against a local OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let script: (request: RecordedRequest, index: number) => FakeAnswer = () => ({
    kind: 'content',
    content: modelReply('Good to hear from you.'),
  });
  let backend: TestBackend;
  let aiJobs: InProcessAiJobs;
  let member: { cookie: string; userId: string };

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      answer: (request, index) => script(request, index),
      flags: (input) => input.includes('wake up'),
    });
    const config = readAiConfig({
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MODEL: 'rai-test-model',
      OPENAI_TIMEOUT_MS: '300',
      OPENAI_MAX_RETRIES: '1',
    });
    backend = await backendForTest({
      aiJobs: (eventStore) =>
        (aiJobs = inProcessAiJobs(createAiHandlers(eventStore, config), {
          timeoutMs: 20_000,
          concurrency: 4,
          retryDelayMs: 10,
        })),
    });
    const registered = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    member = { cookie: cookieOf(registered), userId: registered.body.user.id };
  });
  afterAll(async () => {
    await backend?.close();
    await fake?.stop();
  });

  const journalOf = async (entryId: string) =>
    (await backend.eventStore.readStream(`journal-${member.userId}`))
      .filter((e) => (e.data as { entryId?: string }).entryId === entryId)
      .map((e) => e.type);
  const send = (journalEntry: string) =>
    backend.command.post('/api/ai/rai/process-journal').set('Cookie', member.cookie).send({ journalEntry });

  it('sends the model, the system prompt and the JSON schema, and answers with the decoded reply', async () => {
    const before = fake.chatRequests().length;
    script = () => ({
      kind: 'content',
      content: modelReply('That took guts to write down. What would help most this week?'),
    });
    const response = await send('Finally talked to my brother after two years.').expect(200);
    expect(response.body).toMatchObject({
      response: 'That took guts to write down. What would help most this week?',
      mood: 'hopeful',
      insights: ['You are showing up.', 'Small steps count.'],
      crisis: false,
    });
    const [request] = fake.chatRequests().slice(before);
    expect(request.body.model).toBe('rai-test-model');
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('You are RAI') });
    expect(messages[0].content).toContain('not a therapist');
    expect(messages[1]).toEqual({ role: 'user', content: 'Finally talked to my brother after two years.' });
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'rai_journal_reply', strict: true, schema: { required: ['response', 'mood', 'insights'] } },
    });
    expect(await journalOf(response.body.entryId)).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
  });

  it('answers a redelivered job from its recorded reply without calling the model again', async () => {
    script = () => ({ kind: 'content', content: modelReply('First and only answer.') });
    const response = await send('Say it once.').expect(200);
    const before = fake.chatRequests().length;
    const payload = {
      entryId: response.body.entryId,
      userId: member.userId,
      journalEntry: 'Say it once.',
      prompt: null,
      mood: null,
    };
    const again = await aiJobs.request<{ response: string }>('rai.process-journal', payload, {
      jobId: response.body.entryId,
      requestedBy: member.userId,
      correlationId: 'redelivery',
    });
    expect(again.response).toBe('First and only answer.');
    expect(fake.chatRequests().length).toBe(before);
    expect(await journalOf(response.body.entryId)).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
  });

  it('retries a 429 and then answers', async () => {
    const before = fake.chatRequests().length;
    script = (_, index) =>
      index === before
        ? { kind: 'status', status: 429, headers: { 'retry-after-ms': '20' } }
        : { kind: 'content', content: modelReply('Still here. What is on your mind?') };
    const response = await send('Busy week, rate limits and all.').expect(200);
    expect(response.body.response).toBe('Still here. What is on your mind?');
    expect(fake.chatRequests().length - before).toBe(2);
    expect(await journalOf(response.body.entryId)).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
  });

  it('gives up on a model that never answers: 503, the words kept, RaiReplyFailed and no reply', async () => {
    script = () => ({ kind: 'hang' });
    const response = await send('Is anyone there tonight?').expect(503);
    expect(response.body).toMatchObject({
      error: expect.stringContaining('RAI could not answer right now'),
      entryId: expect.any(String),
    });
    expect(await journalOf(response.body.entryId)).toEqual(['JournalEntrySubmitted', 'RaiReplyFailed']);
  });

  it('never records a reply from malformed model JSON: 503, RaiReplyFailed and nothing half-written', async () => {
    script = () => ({ kind: 'content', content: '{"response": "I hear you, and' });
    const response = await send('Rough day at the site.').expect(503);
    expect(response.body.error).toContain('RAI could not answer right now');
    expect(await journalOf(response.body.entryId)).toEqual(['JournalEntrySubmitted', 'RaiReplyFailed']);
    const schemaBreaker = {
      kind: 'content',
      content: JSON.stringify({ response: 'ok', mood: 'ecstatic', insights: [] }),
    } as const;
    script = () => schemaBreaker;
    const wrongMood = await send('Another one.').expect(503);
    expect(await journalOf(wrongMood.body.entryId)).toEqual(['JournalEntrySubmitted', 'RaiReplyFailed']);
  });

  it('puts the crisis resources first whatever the model wrote, and asks the moderation endpoint', async () => {
    const moderationsBefore = fake.requests.filter((r) => r.path.endsWith('/moderations')).length;
    const shownBefore = (await backend.eventStore.readStream(`journal-${member.userId}`)).filter(
      (e) => e.type === 'CrisisResourcesShown',
    ).length;
    script = () => ({ kind: 'content', content: modelReply('Let us talk about your week instead.', 'sad') });
    const chatsBefore = fake.chatRequests().length;
    const response = await send('I want to go to sleep and not wake up.').expect(200);
    expect(response.body.crisis).toBe(true);
    expect(response.body.mood).toBeNull();
    expect(
      fake
        .chatRequests()
        .slice(chatsBefore)
        .map((r) => (r.body.messages as { content: string }[])[0].content),
    ).toContain(CRISIS_REPLY_SYSTEM);
    expect(response.body.response).toBe(`${CRISIS_RESOURCES_TEXT}\n\nLet us talk about your week instead.`);
    expect(fake.requests.filter((r) => r.path.endsWith('/moderations')).length).toBeGreaterThan(moderationsBefore);
    expect(await journalOf(response.body.entryId)).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
    const shown = (await backend.eventStore.readStream(`journal-${member.userId}`)).filter(
      (e) => e.type === 'CrisisResourcesShown',
    );
    expect(shown.length).toBe(shownBefore + 1);
  });

  it('streams the model reply as it is written; the stored reply is the chunks joined', async () => {
    script = () => ({
      kind: 'content',
      content: modelReply(
        'Thanks for telling me. That sounds like a long week. What got you through it?',
        'overwhelmed',
      ),
      chunks: 12,
      streamMs: 120,
    });
    const response = await backend.command
      .post('/api/ai/rai/process-journal/stream')
      .set('Cookie', member.cookie)
      .send({ journalEntry: 'Long week, too much at once.' })
      .buffer(true)
      .parse(wholeText)
      .expect(200);
    const events = eventsIn(response.body as string);
    const chunks = events.filter((e) => e.event === 'chunk').map((e) => e.data.text as string);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    const done = events[events.length - 1];
    expect(done.event).toBe('done');
    expect(done.data.response).toBe('Thanks for telling me. That sounds like a long week. What got you through it?');
    expect(chunks.join('')).toBe(done.data.response);
    await aiJobs.idle();
  });
});
