import { NEXT_PAGE_HEADER } from '@reflections/contracts/journal';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signUpMember, writeJournalEntry } from '@reflections/testing/signed-in-member';

describe('GET /api/journal/entries', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  it("lists the member's own entries newest first, with RAI's guidance once it came", async () => {
    const sam = await signUpMember(backend);
    const alex = await signUpMember(backend);
    await writeJournalEntry(backend, alex.userId, { text: 'Not yours to read.' });
    await writeJournalEntry(backend, sam.userId, {
      text: 'Rough day at work.',
      mood: 'frustrated',
      submittedAt: '2026-11-20T08:00:00.000Z',
      reply: { text: 'That sounds heavy.', mood: 'sad' },
    });
    const { entryId, position } = await writeJournalEntry(backend, sam.userId, {
      text: 'Quieter today.',
      submittedAt: '2026-11-21T08:00:00.000Z',
    });

    const response = await backend.query
      .get('/api/journal/entries')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(response.body).toEqual([
      {
        id: entryId,
        userResponse: 'Quieter today.',
        aiGuidance: null,
        mood: null,
        source: 'guided-journal',
        status: 'waiting',
        createdAt: '2026-11-21T08:00:00.000Z',
      },
      {
        id: expect.any(String),
        userResponse: 'Rough day at work.',
        aiGuidance: 'That sounds heavy.',
        mood: 'frustrated',
        source: 'guided-journal',
        status: 'answered',
        createdAt: '2026-11-20T08:00:00.000Z',
      },
    ]);
  });

  it('pages through many entries with the X-Next-Before cursor', async () => {
    const sam = await signUpMember(backend);
    let position = '';
    for (let i = 0; i < 5; i++)
      position = (
        await writeJournalEntry(backend, sam.userId, {
          text: `Entry ${i}`,
          submittedAt: `2026-11-0${i + 1}T08:00:00.000Z`,
        })
      ).position;
    const first = await backend.query
      .get('/api/journal/entries?limit=2')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(first.body.map((e: { userResponse: string }) => e.userResponse)).toEqual(['Entry 4', 'Entry 3']);
    const second = await backend.query
      .get(`/api/journal/entries?limit=2&before=${first.headers[NEXT_PAGE_HEADER.toLowerCase()]}`)
      .set('Cookie', sam.cookie)
      .expect(200);
    expect(second.body.map((e: { userResponse: string }) => e.userResponse)).toEqual(['Entry 2', 'Entry 1']);
    const third = await backend.query
      .get(`/api/journal/entries?limit=2&before=${second.headers[NEXT_PAGE_HEADER.toLowerCase()]}`)
      .set('Cookie', sam.cookie)
      .expect(200);
    expect(third.body.map((e: { userResponse: string }) => e.userResponse)).toEqual(['Entry 0']);
    expect(third.headers[NEXT_PAGE_HEADER.toLowerCase()]).toBeUndefined();
  });

  it("keeps one source's entries when asked: the chat with RAI rebuilds its conversation from them", async () => {
    const sam = await signUpMember(backend);
    await writeJournalEntry(backend, sam.userId, { text: 'Guided words.', submittedAt: '2026-11-20T08:00:00.000Z' });
    await writeJournalEntry(backend, sam.userId, {
      text: 'First chat.',
      source: 'rai-chat',
      submittedAt: '2026-11-21T08:00:00.000Z',
      reply: { text: 'I hear you.', mood: 'calm' },
    });
    const { position } = await writeJournalEntry(backend, sam.userId, {
      text: 'Second chat.',
      source: 'rai-chat',
      submittedAt: '2026-11-22T08:00:00.000Z',
    });
    const response = await backend.query
      .get('/api/journal/entries?source=rai-chat&limit=20')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(
      response.body.map((e: { userResponse: string; aiGuidance: string | null }) => [e.userResponse, e.aiGuidance]),
    ).toEqual([
      ['Second chat.', null],
      ['First chat.', 'I hear you.'],
    ]);
    const bad = await backend.query.get('/api/journal/entries?source=diary').set('Cookie', sam.cookie).expect(400);
    expect(bad.body.fields).toEqual({ source: 'source must be one of guided-journal, rai-chat, ai-test' });
  });

  it('answers 400 naming a bad page size, and 404 for a cursor from another member', async () => {
    const sam = await signUpMember(backend);
    const alex = await signUpMember(backend);
    const bad = await backend.query.get('/api/journal/entries?limit=0').set('Cookie', sam.cookie).expect(400);
    expect(bad.body.fields).toEqual({ limit: 'limit must be a whole number from 1 to 100' });
    const { entryId, position } = await writeJournalEntry(backend, alex.userId, { text: 'Private.' });
    await backend.query
      .get(`/api/journal/entries?before=${entryId}`)
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', position)
      .expect(404);
  });

  it('answers 401 when signed out', async () => {
    await backend.query.get('/api/journal/entries').expect(401);
  });
});
