import { randomUUID } from 'node:crypto';
import { journalStream } from '@reflections/contracts/streams';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import type { JobTools } from '../job-execution';
import type { Responder } from '../responders/responder';
import { answerJournalEntry, recordedReply, replyEventId } from './journal-reply';

const metadata = { causedBy: null, correlationId: 'test', schemaVersion: 1 };

describe('the reply recorded for a journal entry', () => {
  let eventStore: PostgresEventStore;
  beforeAll(async () => {
    eventStore = await PostgresEventStore.connect({ connectionString: await createTestDatabase() });
  });
  afterAll(async () => {
    await eventStore?.close();
  });

  const entry = (entryId: string) => ({ id: entryId, type: 'JournalEntrySubmitted', data: { entryId, text: 'words' }, metadata });
  const reply = (entryId: string, text: string) => ({ id: replyEventId(entryId), type: 'RaiReplyGenerated', data: { entryId, reply: text, mood: 'calm', insights: [], responder: 'offline', crisis: false }, metadata });

  it('is found however many journal events came after it, and an entry without one has none', async () => {
    const userId = randomUUID();
    const [answered, unanswered] = [randomUUID(), randomUUID()];
    await eventStore.appendToStream(journalStream(userId), [entry(answered), entry(unanswered), reply(answered, 'First and only answer.')]);
    const later = Array.from({ length: 70 }, () => randomUUID());
    for (const entryId of later) await eventStore.appendToStream(journalStream(userId), [entry(entryId), reply(entryId, 'Later.')]);

    expect(await recordedReply(eventStore, userId, answered)).toMatchObject({ entryId: answered, reply: 'First and only answer.', position: expect.stringMatching(/^\d+:\d+$/) });
    expect(await recordedReply(eventStore, userId, unanswered)).toBeNull();
    expect(await recordedReply(eventStore, userId, later[69])).toMatchObject({ reply: 'Later.' });
    expect(await recordedReply(eventStore, userId, randomUUID())).toBeNull();
    expect(await recordedReply(eventStore, randomUUID(), answered)).toBeNull();
  });

  it('answers from the recorded reply, without the model, unless this is a new entry\'s first delivery', async () => {
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
    const deps = { eventStore, responder, crisis: { isCrisis: async () => false } };
    const tools = (delivery: number): JobTools => ({ emitChunk: () => undefined, streaming: false, delivery, lastDelivery: false });
    const job = (newJobId: boolean) => ({ jobId: entryId, kind: 'rai.process-journal', correlationId: 'test', requestedBy: userId, replyTo: null, payload: {}, newJobId });
    const answer = (newJobId: boolean, delivery: number) => answerJournalEntry(deps, job(newJobId), tools(delivery), { entryId, userId, purpose: 'chat', text: 'words', prompt: null, mood: null });

    expect(await answer(false, 1)).toMatchObject({ reply: 'Recorded answer.' });
    expect(await answer(true, 2)).toMatchObject({ reply: 'Recorded answer.' });
    expect(modelCalls).toBe(0);
  });
});
