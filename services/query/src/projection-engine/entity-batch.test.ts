import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { currentSchemaVersion } from '@reflections/contracts/event-schemas';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { journalProjection } from '../journal/journal-projection';
import { peaceProjection } from '../peace/peace-projection';
import { applyEvents } from './apply-events';
import { openReadModels } from '../projections';
import type { Projector } from './projector';

let sequence = 0n;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { causedBy: null, correlationId: 'entity-batch-test', schemaVersion: currentSchemaVersion(type) },
  streamName: 'test',
  revision: sequence,
  position: { commit: 1n, prepare: ++sequence },
  createdAt: new Date(),
});

describe('projections that load a batch of rows and write them with one statement', () => {
  let orm: MikroORM;
  const userId = randomUUID();
  const batch = (projector: Projector, events: RecordedEvent[]) =>
    orm.em.fork().transactional((em) => applyEvents(em, projector, events));
  const submitted = (entryId: string, text: string) =>
    recorded('JournalEntrySubmitted', {
      entryId,
      userId,
      source: 'rai-chat',
      text,
      prompt: null,
      mood: null,
      submittedAt: '2026-06-01T10:00:00.000Z',
    });
  const replied = (entryId: string) =>
    recorded('RaiReplyGenerated', {
      entryId,
      userId,
      reply: 'I hear you.',
      mood: 'calm',
      insights: [],
      responder: 'offline',
      crisis: false,
      generatedAt: '2026-06-01T10:01:00.000Z',
    });
  const entry = async (id: string) =>
    (
      await orm.em
        .fork()
        .execute<{ user_response: string; status: string; ai_guidance: string | null }[]>(
          'SELECT user_response, status, ai_guidance FROM journal_entries WHERE id = ?',
          [id],
        )
    )[0];

  beforeAll(async () => {
    orm = await openReadModels(await createTestDatabase());
  });
  afterAll(() => orm.close());

  it('keeps an entry as first written when its creation comes again, in the same batch or a later one', async () => {
    const [early, late] = [randomUUID(), randomUUID()];
    await batch(journalProjection, [
      submitted(early, 'first words'),
      replied(early),
      submitted(late, 'first words'),
      submitted(late, 'written again'),
      replied(late),
    ]);
    await batch(journalProjection, [submitted(early, 'written again')]);
    expect(await entry(early)).toEqual({
      user_response: 'first words',
      status: 'answered',
      ai_guidance: 'I hear you.',
    });
    expect(await entry(late)).toEqual({ user_response: 'first words', status: 'answered', ai_guidance: 'I hear you.' });
  });

  it('answers an entry written in an earlier batch, and leaves a reply to an unknown entry without a row', async () => {
    const [entryId, unknown] = [randomUUID(), randomUUID()];
    await batch(journalProjection, [submitted(entryId, 'a long week')]);
    expect(await entry(entryId)).toEqual({ user_response: 'a long week', status: 'waiting', ai_guidance: null });
    await batch(journalProjection, [replied(entryId), replied(unknown)]);
    expect(await entry(entryId)).toEqual({
      user_response: 'a long week',
      status: 'answered',
      ai_guidance: 'I hear you.',
    });
    expect(await entry(unknown)).toBeUndefined();
  });

  it('adds to counts stored by earlier batches, under a key of two columns', async () => {
    const answered = (section: string) =>
      recorded('PeaceResponseRecorded', {
        responseId: randomUUID(),
        userId,
        section,
        prompt: 'p',
        response: 'r',
        recordedAt: '2026-06-01T10:00:00.000Z',
      });
    await batch(peaceProjection, [answered('purpose'), answered('purpose'), answered('ethos')]);
    await batch(peaceProjection, [answered('purpose'), answered('ethos')]);
    const counts = await orm.em
      .fork()
      .execute<{ section: string; answered: number }[]>(
        'SELECT section, answered FROM peace_counts WHERE user_id = ? ORDER BY section',
        [userId],
      );
    expect(counts).toEqual([
      { section: 'ethos', answered: 2 },
      { section: 'purpose', answered: 3 },
    ]);
  });
});
