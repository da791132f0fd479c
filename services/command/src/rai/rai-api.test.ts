import { createAiHandlers, inProcessAiJobs, type InProcessAiJobs } from '@reflections/testing/ai-worker-for-test';
import { readAiConfig } from '@reflections/ai-client/ai-config';
import { CRISIS_RESOURCES_TEXT, splitCrisisResources } from '@reflections/contracts/crisis';
import { replyEventId } from '@reflections/ai-client/recorded-reply';
import { requeueUnanswered } from '@reflections/ai-client/requeue-unanswered';
import {
  DEFAULT_DETECTED_MOOD,
  GuidanceStreamDone,
  MOODS,
  RAI_MESSAGES,
  RaiStreamDone,
} from '@reflections/contracts/rai';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { eventsIn, wholeText } from '@reflections/testing/live-stream';
import { signedInAdmin } from '@reflections/testing/sessions-for-test';

const cookieOf = (response: { headers: Record<string, unknown> }) =>
  (response.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');

async function signedInMember(backend: TestBackend) {
  const registered = await backend.command.post('/api/auth/register').send(registration()).expect(201);
  return { cookie: cookieOf(registered), userId: registered.body.user.id as string };
}

const moods = [...MOODS, DEFAULT_DETECTED_MOOD];

describe('RAI endpoints (offline responder, in-process worker)', () => {
  let backend: TestBackend;
  let member: { cookie: string; userId: string };
  beforeAll(async () => {
    backend = await backendForTest();
    member = await signedInMember(backend);
  });
  afterAll(async () => {
    await backend.close();
  });

  const journal = async (userId: string) =>
    (await backend.eventStore.readStream(`journal-${userId}`)).map((e) => ({
      id: e.id,
      type: e.type,
      data: e.data as Record<string, unknown>,
    }));

  it('stores the entry, then answers with RAI reply, mood and insights recorded as RaiReplyGenerated', async () => {
    const response = await backend.command
      .post('/api/ai/rai/process-journal')
      .set('Cookie', member.cookie)
      .send({ journalEntry: 'Work has been piling up and I feel swamped, too much on my plate.' })
      .expect(200);
    expect(response.body).toEqual({
      entryId: expect.any(String),
      response: expect.stringContaining('offline'),
      mood: 'overwhelmed',
      insights: expect.any(Array),
      crisis: false,
    });
    expect(response.body.insights.length).toBeGreaterThan(0);
    expect(response.headers['x-position']).toMatch(/^\d+:\d+$/);
    const events = (await journal(member.userId)).filter((e) => e.data.entryId === response.body.entryId);
    expect(events.map((e) => e.type)).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
    expect(events[0]).toMatchObject({
      id: response.body.entryId,
      data: { source: 'rai-chat', text: 'Work has been piling up and I feel swamped, too much on my plate.' },
    });
    expect(events[1]).toMatchObject({
      id: replyEventId(response.body.entryId),
      data: { reply: response.body.response, responder: 'offline', crisis: false },
    });
  });

  it('answers different words, moods and session types differently', async () => {
    const reply = async (journalEntry: string) =>
      (
        await backend.command
          .post('/api/ai/rai/process-journal')
          .set('Cookie', member.cookie)
          .send({ journalEntry })
          .expect(200)
      ).body;
    const grateful = await reply('I am so grateful for my kids and thankful for a quiet weekend.');
    const angry = await reply('I am furious at my boss, fed up with how unfair the job is.');
    expect(grateful.mood).toBe('grateful');
    expect(angry.mood).toBe('frustrated');
    expect(grateful.response).not.toEqual(angry.response);
    for (const body of [grateful, angry]) expect(moods).toContain(body.mood);
    const prompts = await Promise.all(
      (['check-in', 'deep-dive'] as const).map(
        async (sessionType) =>
          (
            await backend.command
              .post('/api/ai/reflection-prompt')
              .set('Cookie', member.cookie)
              .send({ sessionType })
              .expect(200)
          ).body.prompt,
      ),
    );
    expect(prompts[0]).not.toEqual(prompts[1]);
    const variant = await backend.command
      .post('/api/ai/rai/reflection-prompt')
      .set('Cookie', member.cookie)
      .send({ sessionType: 'guidance' })
      .expect(200);
    expect(variant.body).toEqual({ prompt: expect.any(String) });
  });

  it('opens a crisis reply with the crisis resources and records CrisisResourcesShown without any text', async () => {
    const words = "Honestly everyone would be better off without me. I've been giving my things away.";
    const response = await backend.command
      .post('/api/ai/rai/process-journal')
      .set('Cookie', member.cookie)
      .send({ journalEntry: words })
      .expect(200);
    expect(response.body.crisis).toBe(true);
    expect(response.body.response.startsWith(CRISIS_RESOURCES_TEXT)).toBe(true);
    expect(response.body.response).toContain('988');
    expect(response.body.response).toContain('741741');
    expect(response.body.mood).toBeNull();
    const shown = (await journal(member.userId)).filter((e) => e.type === 'CrisisResourcesShown');
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(shown[shown.length - 1].data).sort()).toEqual(['shownAt', 'where']);
    expect(JSON.stringify(shown)).not.toContain('giving my things');
  });

  it('answers the statements read as upbeat before with one set of resources and a calm reply, never a mood', async () => {
    for (const journalEntry of ["I don't want to be alive anymore", 'I have a plan and I have the pills ready']) {
      const { body } = await backend.command
        .post('/api/ai/rai/process-journal')
        .set('Cookie', member.cookie)
        .send({ journalEntry })
        .expect(200);
      expect(body).toMatchObject({ crisis: true, mood: null, insights: [] });
      const { resources, words } = splitCrisisResources(body.response);
      expect(resources).toBe(true);
      expect(words).not.toContain('741741');
      expect(words).not.toMatch(/drive|build more|energy|pills/i);
      expect(words).toMatch(/Are you safe/i);
    }
  });

  it('gives guided-journal guidance with the chosen mood, and the resources for crisis words', async () => {
    const calm = await backend.command
      .post('/api/journal/ai-prompt')
      .set('Cookie', member.cookie)
      .send({ userInput: 'Long day at the shop but I feel alright.', mood: 'calm' })
      .expect(200);
    // The offline note came with this member's first reply (above); RAI says it once per conversation.
    expect(calm.body).toEqual({ entryId: expect.any(String), aiGuidance: expect.stringMatching(/\S/), crisis: false });
    expect(calm.body.aiGuidance).not.toContain('offline');
    const crisis = await backend.command
      .post('/api/journal/ai-prompt')
      .set('Cookie', member.cookie)
      .send({ userInput: 'I want to go to sleep and not wake up.', mood: 'sad' })
      .expect(200);
    expect(crisis.body.aiGuidance.startsWith(CRISIS_RESOURCES_TEXT)).toBe(true);
    const entry = (await journal(member.userId)).find(
      (e) => e.data.entryId === calm.body.entryId && e.type === 'JournalEntrySubmitted',
    );
    expect(entry?.data).toMatchObject({ source: 'guided-journal', mood: 'calm' });
  });

  it('streams the reply in chunks before the final answer, and stores their concatenation', async () => {
    const response = await backend.command
      .post('/api/ai/rai/process-journal/stream')
      .set('Cookie', member.cookie)
      .send({ journalEntry: 'I feel stuck, not sure which way to go with the new job offer.' })
      .buffer(true)
      .parse(wholeText)
      .expect(200)
      .expect('Content-Type', /text\/event-stream/);
    const events = eventsIn(response.body as string);
    const chunks = events.filter((e) => e.event === 'chunk');
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(events[events.length - 1].event).toBe('done');
    expect(events.findIndex((e) => e.event === 'done')).toBe(events.length - 1);
    const done = events[events.length - 1].data;
    expect(RaiStreamDone.is(done)).toBe(true);
    expect(done.position).toMatch(/^\d+:\d+$/);
    const streamed = chunks.map((c) => c.data.text).join('');
    expect(done.response).toBe(streamed);
    const stored = (await journal(member.userId)).find(
      (e) => e.type === 'RaiReplyGenerated' && e.data.entryId === done.entryId,
    );
    expect(stored?.data.reply).toBe(streamed);
  });

  it("streams guided reflection's guidance in chunks before the final answer, and stores their concatenation", async () => {
    const response = await backend.command
      .post('/api/journal/ai-prompt/stream')
      .set('Cookie', member.cookie)
      .send({ userInput: 'Work has been heavy, and I keep snapping at the people at home.', mood: 'anxious' })
      .buffer(true)
      .parse(wholeText)
      .expect(200)
      .expect('Content-Type', /text\/event-stream/);
    const events = eventsIn(response.body as string);
    const chunks = events.filter((e) => e.event === 'chunk');
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(events.findIndex((e) => e.event === 'done')).toBe(events.length - 1);
    const streamed = chunks.map((c) => c.data.text).join('');
    const done = events[events.length - 1].data;
    expect(GuidanceStreamDone.is(done)).toBe(true);
    expect(done).toEqual({
      entryId: expect.any(String),
      aiGuidance: streamed,
      crisis: false,
      position: expect.stringMatching(/^\d+:\d+$/),
    });
    const stored = (await journal(member.userId)).filter((e) => e.data.entryId === done.entryId);
    expect(stored.map((e) => e.type)).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
    expect(stored[0].data).toMatchObject({ source: 'guided-journal', mood: 'anxious' });
    expect(stored[1].data.reply).toBe(streamed);
  });

  it('keeps the reply when the member closes the page mid-stream', async () => {
    const text = 'Closing the tab on you, RAI.';
    const request = backend.command
      .post('/api/ai/rai/process-journal/stream')
      .set('Cookie', member.cookie)
      .send({ journalEntry: text });
    request.on('response', (res: { on: (event: string, listener: () => void) => void }) =>
      res.on('data', () => request.abort()),
    );
    await request.catch(() => undefined);
    const answered = async () => {
      const events = await journal(member.userId);
      const entryId = events.find((e) => e.type === 'JournalEntrySubmitted' && e.data.text === text)?.data.entryId;
      return entryId !== undefined && events.some((e) => e.type === 'RaiReplyGenerated' && e.data.entryId === entryId);
    };
    const deadline = Date.now() + 10_000;
    while (!(await answered()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await answered()).toBe(true);
  });

  it('keeps one entry and one reply when the same request is retried', async () => {
    const send = () =>
      backend.command
        .post('/api/ai/rai/process-journal')
        .set('Cookie', member.cookie)
        .send({ journalEntry: 'Retry me, I am anxious.', clientRequestId: 'retry-request-0001' })
        .expect(200);
    const first = await send();
    const second = await send();
    expect(second.body).toEqual(first.body);
    const events = (await journal(member.userId)).filter((e) => e.data.entryId === first.body.entryId);
    expect(events.map((e) => e.type)).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
  });

  it('keeps one guided entry and one guidance when the same request is retried, streamed or not', async () => {
    const body = {
      userInput: 'Retry me, the week was long.',
      mood: 'overwhelmed',
      clientRequestId: 'retry-guidance-0001',
    };
    const first = await backend.command
      .post('/api/journal/ai-prompt')
      .set('Cookie', member.cookie)
      .send(body)
      .expect(200);
    const again = await backend.command
      .post('/api/journal/ai-prompt')
      .set('Cookie', member.cookie)
      .send(body)
      .expect(200);
    expect(again.body).toEqual(first.body);
    const streamedAgain = await backend.command
      .post('/api/journal/ai-prompt/stream')
      .set('Cookie', member.cookie)
      .send(body)
      .buffer(true)
      .parse(wholeText)
      .expect(200);
    const events = eventsIn(streamedAgain.body as string);
    expect(events[events.length - 1]).toMatchObject({ event: 'done', data: first.body });
    const stored = (await journal(member.userId)).filter((e) => e.data.entryId === first.body.entryId);
    expect(stored.map((e) => e.type)).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
  });

  it('names each bad field with the specification message and stores nothing', async () => {
    const before = (await journal(member.userId)).length;
    const empty = await backend.command
      .post('/api/ai/rai/process-journal')
      .set('Cookie', member.cookie)
      .send({ journalEntry: '   ' })
      .expect(400);
    expect(empty.body.fields).toEqual({ journalEntry: RAI_MESSAGES.journalEntryRequired });
    const tooLong = await backend.command
      .post('/api/ai/rai/process-journal/stream')
      .set('Cookie', member.cookie)
      .send({ journalEntry: 'x'.repeat(10_001) })
      .expect(400);
    expect(tooLong.body.fields).toEqual({ journalEntry: RAI_MESSAGES.tooLong });
    const guidance = await backend.command
      .post('/api/journal/ai-prompt')
      .set('Cookie', member.cookie)
      .send({ userInput: '', mood: 'elated' })
      .expect(400);
    expect(guidance.body.fields).toMatchObject({ userInput: RAI_MESSAGES.shareSomething, mood: expect.any(String) });
    const streamedGuidance = await backend.command
      .post('/api/journal/ai-prompt/stream')
      .set('Cookie', member.cookie)
      .send({ userInput: 'x'.repeat(10_001), mood: 'calm' })
      .expect(400);
    expect(streamedGuidance.body.fields).toEqual({ userInput: RAI_MESSAGES.tooLong });
    for (const path of ['/api/ai/reflection-prompt', '/api/ai/rai/reflection-prompt']) {
      const bad = await backend.command
        .post(path)
        .set('Cookie', member.cookie)
        .send({ sessionType: 'therapy' })
        .expect(400);
      expect(bad.body.fields).toEqual({ sessionType: RAI_MESSAGES.sessionType });
    }
    expect((await journal(member.userId)).length).toBe(before);
  });

  it("answers the admin panel's assistant through the admin.assistant job", async () => {
    const admin = await signedInAdmin(backend);
    const response = await backend.command
      .post('/api/admin/ai-assistant')
      .set('Cookie', admin.cookie)
      .send({ question: 'How are members doing this week?', context: { members: 12, reflections: 40 } })
      .expect(200);
    expect(response.body.response).toContain('No AI model is connected');
    expect(response.body.response).toContain(
      'I cannot answer about members: those figures were not on the screen when you asked.',
    );
  });

  it('answers 401 to a signed-out visitor on every RAI endpoint and stores nothing', async () => {
    const before = (await backend.allEvents()).length;
    const bodies: Record<string, object> = {
      '/api/ai/rai/process-journal': { journalEntry: 'hello' },
      '/api/ai/rai/process-journal/stream': { journalEntry: 'hello' },
      '/api/journal/ai-prompt': { userInput: 'hello', mood: 'calm' },
      '/api/journal/ai-prompt/stream': { userInput: 'hello', mood: 'calm' },
      '/api/ai/reflection-prompt': { sessionType: 'check-in' },
      '/api/ai/rai/reflection-prompt': { sessionType: 'check-in' },
    };
    for (const [path, body] of Object.entries(bodies)) await backend.command.post(path).send(body).expect(401);
    expect((await backend.allEvents()).length).toBe(before);
  });
});

describe('RAI when the reply takes longer than the wait', () => {
  let backend: TestBackend;
  let aiJobs: InProcessAiJobs;
  beforeAll(async () => {
    backend = await backendForTest({
      aiJobs: (eventStore) =>
        (aiJobs = inProcessAiJobs(createAiHandlers(eventStore, readAiConfig({})), { timeoutMs: 1, concurrency: 2 })),
    });
  });
  afterAll(async () => {
    await backend.close();
  });

  it('answers 503 at once with the entry id, keeps the words, and the reply lands in the journal later', async () => {
    const member = await signedInMember(backend);
    const response = await backend.command
      .post('/api/ai/rai/process-journal')
      .set('Cookie', member.cookie)
      .send({ journalEntry: 'A slow night, thinking about my father.' })
      .expect(503);
    expect(response.body).toMatchObject({
      error: expect.stringContaining('RAI is thinking deeply'),
      entryId: expect.any(String),
    });
    await aiJobs.idle();
    const events = (await backend.eventStore.readStream(`journal-${member.userId}`)).filter(
      (e) => (e.data as { entryId: string }).entryId === response.body.entryId,
    );
    expect(events.map((e) => e.type)).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
  });

  it('answers, at the next start, an entry whose job was lost, and only that one', async () => {
    const member = await signedInMember(backend);
    const entryId = '0b6f3d1e-2a44-4c1d-9a53-6f1f6d1c2b7a';
    const data = {
      entryId,
      userId: member.userId,
      source: 'guided-journal',
      text: 'Written just before the app stopped.',
      prompt: null,
      mood: 'hopeful',
      submittedAt: new Date().toISOString(),
    };
    await backend.eventStore.appendToStream(`journal-${member.userId}`, [
      {
        id: entryId,
        type: 'JournalEntrySubmitted',
        data,
        metadata: { causedBy: member.userId, correlationId: 'test', schemaVersion: 1 },
      },
    ]);
    await aiJobs.idle();
    // The log hands readers an event once every older write transaction has ended.
    let requeued = 0;
    for (let i = 0; i < 100 && requeued === 0; i++) requeued = await requeueUnanswered(backend.eventStore, aiJobs);
    expect(requeued).toBe(1);
    await aiJobs.idle();
    const types = (await backend.eventStore.readStream(`journal-${member.userId}`))
      .filter((e) => (e.data as { entryId: string }).entryId === entryId)
      .map((e) => e.type);
    expect(types).toEqual(['JournalEntrySubmitted', 'RaiReplyGenerated']);
    expect(await requeueUnanswered(backend.eventStore, aiJobs)).toBe(0);
  });
});
