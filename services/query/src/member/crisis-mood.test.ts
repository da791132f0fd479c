import { randomUUID } from 'node:crypto';
import { formatPosition, laterPosition, parsePosition } from '@reflections/contracts/position';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signUpMember, writeJournalEntry } from '@reflections/testing/signed-in-member';

/**
 * "I don't want to be alive anymore" once stored as energized (5): it raised the member's
 * average and drew a peak on his chart. A crisis entry now has no detected mood, and is
 * left out of the average and the chart; a mood the member chose himself stays as chosen.
 */
describe('the mood of a crisis entry', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('is never read as positive: left out of the average and the chart, a chosen mood kept as chosen', async () => {
    const sam = await signUpMember(backend);
    await writeJournalEntry(backend, sam.userId, {
      text: 'Rough week at work.',
      source: 'rai-chat',
      reply: { text: 'That sounds heavy.', mood: 'overwhelmed' },
      submittedAt: '2026-11-01T08:00:00.000Z',
    });
    await writeJournalEntry(backend, sam.userId, {
      text: 'Calmer today.',
      mood: 'calm',
      submittedAt: '2026-11-02T08:00:00.000Z',
    });
    let position = '';
    for (const journalEntry of ["I don't want to be alive anymore", 'I have a plan and I have the pills ready']) {
      const response = await backend.command
        .post('/api/ai/rai/process-journal')
        .set('Cookie', sam.cookie)
        .send({ journalEntry })
        .expect(200);
      expect(response.body).toMatchObject({ crisis: true, mood: null });
      position = response.headers['x-position'];
    }
    const guided = await backend.command
      .post('/api/journal/ai-prompt')
      .set('Cookie', sam.cookie)
      .send({ userInput: 'What is the point of any of this. I am done.', mood: 'grateful' })
      .expect(200);
    expect(guided.body.crisis).toBe(true);
    // A crisis reply recorded before this change, with the mood it read then.
    const entryId = randomUUID();
    const metadata = { causedBy: sam.userId, correlationId: 'test', schemaVersion: 1 };
    const legacy = await backend.eventStore.appendToStream(`journal-${sam.userId}`, [
      {
        id: randomUUID(),
        type: 'JournalEntrySubmitted',
        metadata,
        data: {
          entryId,
          userId: sam.userId,
          source: 'rai-chat',
          text: 'I am ready to be done.',
          prompt: null,
          mood: null,
          submittedAt: new Date().toISOString(),
        },
      },
      {
        id: randomUUID(),
        type: 'RaiReplyGenerated',
        metadata,
        data: {
          entryId,
          userId: sam.userId,
          reply: 'Resources. I can feel the drive in this.',
          mood: 'energized',
          insights: [],
          responder: 'offline',
          crisis: true,
          generatedAt: new Date().toISOString(),
        },
      },
    ]);
    // Positions compare as numbers: as strings, "999:3" would sort after "1000:1".
    position = formatPosition(
      [parsePosition(guided.headers['x-position'])!, legacy.position].reduce(laterPosition, parsePosition(position)!),
    );

    const stats = await backend.query
      .get('/api/user/stats')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(stats.body).toEqual({
      averageMood: 2.5,
      totalReflections: 6,
      moodOverTime: [
        { at: '2026-11-01T08:00:00.000Z', mood: 'overwhelmed', score: 1 },
        { at: '2026-11-02T08:00:00.000Z', mood: 'calm', score: 4 },
      ],
    });
    const entries = await backend.query
      .get('/api/journal/entries')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    const moodOf = (text: string) =>
      entries.body.find((entry: { userResponse: string }) => entry.userResponse === text).mood;
    expect(moodOf("I don't want to be alive anymore")).toBeNull();
    expect(moodOf('I have a plan and I have the pills ready')).toBeNull();
    expect(moodOf('I am ready to be done.')).toBeNull();
    expect(moodOf('What is the point of any of this. I am done.')).toBe('grateful');
  });
});
