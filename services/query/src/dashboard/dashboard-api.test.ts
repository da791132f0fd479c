import { randomUUID } from 'node:crypto';
import { ARCHETYPES } from '@reflections/contracts/archetypes';
import { formatPosition } from '@reflections/contracts/position';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signUpMember, writeJournalEntry } from '@reflections/testing/signed-in-member';

describe('dashboard, stats and activities API', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  it("answers the dashboard payload of spec 000 §3 from the member's journey", async () => {
    const sam = await signUpMember(backend, {
      firstName: 'Sam',
      seeking: 'calm',
      innerStrength: 'loyalty',
      peaceMeans: 'quiet-mind',
    });
    const response = await backend.query
      .get('/api/dashboard')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', sam.position)
      .expect(200);
    expect(response.body).toEqual({
      user: { id: sam.userId, firstName: 'Sam', lastName: '', membershipType: 'free' },
      onboardingData: {
        assignedArchetype: 'The Peacemaker',
        seeking: 'Calm in the middle of the noise',
        innerStrength: expect.any(String),
        peaceMeaning: expect.any(String),
      },
      userArchetype: {
        id: 'peacemaker',
        symbol: ARCHETYPES.peacemaker.symbol,
        title: 'The Peacemaker',
        represents: ARCHETYPES.peacemaker.represents,
      },
      announcements: expect.any(Array),
      showWelcome: true,
    });
  });

  it('shows the newest two standing announcements', async () => {
    const sam = await signUpMember(backend);
    const metadata = { causedBy: null, correlationId: 'test', schemaVersion: 1 };
    const publish = (id: string, title: string, at: string) =>
      backend.eventStore.appendToStream(`announcement-${id}`, [
        {
          id: randomUUID(),
          type: 'AnnouncementPublished',
          metadata,
          data: { announcementId: id, title, body: `${title} body text`, publishedBy: sam.userId, publishedAt: at },
        },
      ]);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await publish(a, 'Oldest', '2026-11-01T00:00:00.000Z');
    await publish(b, 'Middle', '2026-11-02T00:00:00.000Z');
    const result = await publish(c, 'Newest', '2026-11-03T00:00:00.000Z');
    const response = await backend.query
      .get('/api/dashboard')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', formatPosition(result.position))
      .expect(200);
    expect(response.body.announcements).toEqual([
      { id: c, title: 'Newest', content: 'Newest body text', createdAt: '2026-11-03T00:00:00.000Z' },
      { id: b, title: 'Middle', content: 'Middle body text', createdAt: '2026-11-02T00:00:00.000Z' },
    ]);
  });

  it('counts reflections and averages their moods on the 1 to 5 scale, leaving out the test page', async () => {
    const sam = await signUpMember(backend);
    const empty = await backend.query
      .get('/api/user/stats')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', sam.position)
      .expect(200);
    expect(empty.body).toEqual({ averageMood: null, totalReflections: 0, moodOverTime: [] });

    await writeJournalEntry(backend, sam.userId, {
      text: 'Felt good.',
      mood: 'grateful',
      submittedAt: '2026-11-01T08:00:00.000Z',
    });
    await writeJournalEntry(backend, sam.userId, {
      text: 'Chat with RAI.',
      source: 'rai-chat',
      submittedAt: '2026-11-02T08:00:00.000Z',
      reply: { text: 'Tell me more.', mood: 'anxious' },
    });
    await writeJournalEntry(backend, sam.userId, { text: 'No mood yet.', submittedAt: '2026-11-03T08:00:00.000Z' });
    const { position } = await writeJournalEntry(backend, sam.userId, {
      text: 'Testing.',
      source: 'ai-test',
      mood: 'sad',
    });

    const stats = await backend.query
      .get('/api/user/stats')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(stats.body).toEqual({
      averageMood: 3.5,
      totalReflections: 3,
      moodOverTime: [
        { at: '2026-11-01T08:00:00.000Z', mood: 'grateful', score: 5 },
        { at: '2026-11-02T08:00:00.000Z', mood: 'anxious', score: 2 },
      ],
    });
  });

  it("lists the member's own activity, newest first, from their events", async () => {
    const sam = await signUpMember(backend);
    const alex = await signUpMember(backend);
    await writeJournalEntry(backend, alex.userId, { text: 'Not Sam.' });
    const { position } = await writeJournalEntry(backend, sam.userId, {
      text: 'Hello RAI.',
      source: 'rai-chat',
      reply: { text: 'Hello.', mood: 'calm' },
    });
    const response = await backend.query
      .get('/api/user/activities')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(response.body.map((a: { kind: string }) => a.kind).sort()).toEqual(['joined', 'rai-reply', 'reflection']);
    expect(response.body.find((a: { kind: string }) => a.kind === 'reflection').summary).toBe('You talked with RAI');
    expect(JSON.stringify(response.body)).not.toContain('Hello RAI.');
  });

  it.each(['/api/dashboard', '/api/user/stats', '/api/user/activities'])(
    'answers 401 to %s when signed out',
    async (path) => {
      await backend.query.get(path).expect(401);
    },
  );
});
