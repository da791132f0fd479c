import { randomUUID } from 'node:crypto';
import { CRISIS_RESOURCES_TEXT } from '@reflections/contracts/crisis';
import { journalStream } from '@reflections/contracts/streams';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import type { JobTools } from '../job-execution';
import { CRISIS_REPLY_SYSTEM } from '../prompts/crisis-reply';
import { OFFLINE_NOTE, offlineResponder } from '../responders/offline-responder';
import { openAiClient, openAiResponder } from '../responders/openai-responder';
import type { Responder } from '../responders/responder';
import {
  type FakeAnswer,
  type FakeOpenAi,
  type RecordedRequest,
  startFakeOpenAi,
} from '@reflections/testing/fake-openai-server';
import { recordedReply, replyEventId } from '@reflections/ai-client/recorded-reply';
import { answerJournalEntry } from './journal-reply';

const metadata = { causedBy: null, correlationId: 'test', schemaVersion: 1 };

/** The job the command service sends for a member's journal entry (newJobId: its first time, not a retry). */
const journalJob = (entryId: string, userId: string, newJobId = true) => ({
  jobId: entryId,
  kind: 'rai.process-journal',
  correlationId: 'test',
  requestedBy: userId,
  replyTo: null,
  payload: {},
  newJobId,
});

describe('the reply recorded for a journal entry', () => {
  let eventStore: PostgresEventStore;
  beforeAll(async () => {
    eventStore = await PostgresEventStore.connect({ connectionString: await createTestDatabase() });
  });
  afterAll(async () => {
    await eventStore?.close();
  });

  const entry = (entryId: string) => ({
    id: entryId,
    type: 'JournalEntrySubmitted',
    data: { entryId, text: 'words' },
    metadata,
  });
  const reply = (entryId: string, text: string) => ({
    id: replyEventId(entryId),
    type: 'RaiReplyGenerated',
    data: { entryId, reply: text, mood: 'calm', insights: [], responder: 'offline', crisis: false },
    metadata,
  });

  it('is found however many journal events came after it, and an entry without one has none', async () => {
    const userId = randomUUID();
    const [answered, unanswered] = [randomUUID(), randomUUID()];
    await eventStore.appendToStream(journalStream(userId), [
      entry(answered),
      entry(unanswered),
      reply(answered, 'First and only answer.'),
    ]);
    const later = Array.from({ length: 70 }, () => randomUUID());
    for (const entryId of later)
      await eventStore.appendToStream(journalStream(userId), [entry(entryId), reply(entryId, 'Later.')]);

    expect(await recordedReply(eventStore, userId, answered)).toMatchObject({
      entryId: answered,
      reply: 'First and only answer.',
      position: expect.stringMatching(/^\d+:\d+$/),
    });
    expect(await recordedReply(eventStore, userId, unanswered)).toBeNull();
    expect(await recordedReply(eventStore, userId, later[69])).toMatchObject({ reply: 'Later.' });
    expect(await recordedReply(eventStore, userId, randomUUID())).toBeNull();
    expect(await recordedReply(eventStore, randomUUID(), answered)).toBeNull();
  });

  it('lets the offline RAI say it is offline once per conversation and ask something new each time', async () => {
    const userId = randomUUID();
    let now = new Date('2026-11-26T08:00:00.000Z');
    const deps = {
      eventStore,
      responder: offlineResponder({ chunkDelayMs: 0 }),
      crisis: async () => false,
      now: () => now,
    };
    const tools: JobTools = { emitChunk: () => undefined, streaming: false, delivery: 1, lastDelivery: false };
    const say = async (text: string) => {
      const entryId = randomUUID();
      await eventStore.appendToStream(journalStream(userId), [entry(entryId)]);
      const job = journalJob(entryId, userId);
      return (
        await answerJournalEntry(deps, job, tools, { entryId, userId, purpose: 'chat', text, prompt: null, mood: null })
      ).reply;
    };
    const question = (reply: string) => reply.match(/[^.?!]*\?/)?.[0].trim();

    const replies = [];
    for (const text of [
      'I went to the lake on sunday.',
      'Then I sat in the car for a while.',
      'I did not say much at dinner.',
      'I am still thinking about it.',
    ]) {
      replies.push(await say(text));
      now = new Date(now.getTime() + 10 * 60 * 1000);
    }
    expect(replies.map((reply) => reply.includes(OFFLINE_NOTE))).toEqual([true, false, false, false]);
    expect(new Set(replies.map(question)).size).toBe(replies.length);

    now = new Date(now.getTime() + 4 * 60 * 60 * 1000);
    expect(await say('A new day, the same lake.')).toContain(OFFLINE_NOTE);
  });

  it("answers from the recorded reply, without the model, unless this is a new entry's first delivery", async () => {
    const userId = randomUUID();
    const entryId = randomUUID();
    await eventStore.appendToStream(journalStream(userId), [entry(entryId), reply(entryId, 'Recorded answer.')]);
    let modelCalls = 0;
    const responder = {
      name: 'offline',
      journalReply: async () => {
        modelCalls += 1;
        return { reply: 'A second answer.', mood: 'calm', insights: [] };
      },
    } as unknown as Responder;
    const deps = { eventStore, responder, crisis: async () => false };
    const tools = (delivery: number): JobTools => ({
      emitChunk: () => undefined,
      streaming: false,
      delivery,
      lastDelivery: false,
    });
    const job = (newJobId: boolean) => journalJob(entryId, userId, newJobId);
    const answer = (newJobId: boolean, delivery: number) =>
      answerJournalEntry(deps, job(newJobId), tools(delivery), {
        entryId,
        userId,
        purpose: 'chat',
        text: 'words',
        prompt: null,
        mood: null,
      });

    expect(await answer(false, 1)).toMatchObject({ reply: 'Recorded answer.' });
    expect(await answer(true, 2)).toMatchObject({ reply: 'Recorded answer.' });
    expect(modelCalls).toBe(0);
  });

  it("starts the model on a new entry's first delivery without reading the journal first", async () => {
    const userId = randomUUID();
    const entryId = randomUUID();
    await eventStore.appendToStream(journalStream(userId), [entry(entryId)]);
    const journalReads = jest.spyOn(eventStore, 'readStream');
    let readsBeforeTheModel = -1;
    const responder = {
      name: 'openai',
      journalReply: async () => {
        readsBeforeTheModel = journalReads.mock.calls.length;
        return { reply: 'Answer.', mood: 'calm', insights: [] };
      },
    } as unknown as Responder;
    try {
      await answerJournalEntry(
        { eventStore, responder, crisis: async () => false },
        journalJob(entryId, userId),
        { emitChunk: () => undefined, streaming: true, delivery: 1, lastDelivery: false },
        { entryId, userId, purpose: 'chat', text: 'words', prompt: null, mood: null },
      );
      expect(readsBeforeTheModel).toBe(0);
    } finally {
      journalReads.mockRestore();
    }
  });
});

describe('a journal entry the crisis check fires on', () => {
  let eventStore: PostgresEventStore;
  let fake: FakeOpenAi;
  let script: (request: RecordedRequest) => FakeAnswer;
  beforeAll(async () => {
    eventStore = await PostgresEventStore.connect({ connectionString: await createTestDatabase() });
    fake = await startFakeOpenAi({ answer: (request) => script(request) });
  });
  afterAll(async () => {
    await eventStore?.close();
    await fake?.stop();
  });

  const CHEER = 'I can feel the drive in this. What made today different, and can you build more of it into your week?';
  const CALM =
    'Thank you for telling me. I am here with you. Are you thinking about ending your life, and are you safe right now?';
  const isCrisisPrompt = (request: RecordedRequest) =>
    (request.body.messages as { content: string }[])[0].content === CRISIS_REPLY_SYSTEM;
  const deps = () => ({
    eventStore,
    responder: openAiResponder(
      openAiClient({
        apiKey: 'test-key',
        baseURL: fake.baseURL,
        model: 'rai-test-model',
        timeoutMs: 2_000,
        maxRetries: 0,
      }),
      'rai-test-model',
    ),
    crisis: async () => true,
  });
  const answer = async (text: string) => {
    const userId = randomUUID();
    const entryId = randomUUID();
    const chunks: string[] = [];
    const tools: JobTools = {
      emitChunk: (chunk) => chunks.push(chunk),
      streaming: true,
      delivery: 1,
      lastDelivery: false,
    };
    const job = journalJob(entryId, userId);
    const answered = await answerJournalEntry(deps(), job, tools, {
      entryId,
      userId,
      purpose: 'chat',
      text,
      prompt: null,
      mood: null,
    });
    return { answered, chunks, events: await eventStore.readStream(journalStream(userId)) };
  };

  it('is answered from the crisis prompt, resources once and first, with no mood and never the cheerful reply', async () => {
    script = (request) => ({
      kind: 'content',
      content: isCrisisPrompt(request)
        ? JSON.stringify({ response: CALM })
        : JSON.stringify({ response: CHEER, mood: 'energized', insights: ['Keep it up.'] }),
    });
    for (const text of ["I don't want to be alive anymore", 'I have a plan and I have the pills ready']) {
      const before = fake.chatRequests().length;
      const { answered, chunks, events } = await answer(text);
      expect(fake.chatRequests().slice(before).some(isCrisisPrompt)).toBe(true);
      expect(answered).toMatchObject({
        reply: `${CRISIS_RESOURCES_TEXT}\n\n${CALM}`,
        mood: null,
        insights: [],
        crisis: true,
        responder: 'openai',
      });
      expect(chunks.join('')).toBe(answered.reply);
      expect(answered.reply.split('988').length - 1).toBe(CRISIS_RESOURCES_TEXT.split('988').length - 1);
      expect(events.map((e) => e.type)).toEqual(['RaiReplyGenerated', 'CrisisResourcesShown']);
      expect(events[0].data).toMatchObject({ mood: null, crisis: true });
    }
  });

  it('falls back to the offline crisis reply at once, on the first delivery, when the model fails', async () => {
    script = (request) =>
      isCrisisPrompt(request)
        ? { kind: 'status', status: 500 }
        : { kind: 'content', content: JSON.stringify({ response: CHEER, mood: 'energized', insights: [] }) };
    const { answered, chunks } = await answer('What is the point of any of this. I am done.');
    expect(answered).toMatchObject({ mood: null, crisis: true, responder: 'offline' });
    expect(answered.reply.startsWith(`${CRISIS_RESOURCES_TEXT}\n\n`)).toBe(true);
    expect(answered.reply).toContain(OFFLINE_NOTE);
    expect(answered.reply).toMatch(/are you safe|Are you safe/);
    expect(chunks.join('')).not.toContain(CHEER);
  });
});
