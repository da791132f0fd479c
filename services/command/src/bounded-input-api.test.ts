import { randomUUID } from 'node:crypto';
import { MAX_FIRST_NAME_LENGTH, MESSAGES } from '@reflections/contracts/identity';
import { PEACE_SECTIONS } from '@reflections/contracts/peace';
import { formatPosition } from '@reflections/contracts/position';
import { userStream } from '@reflections/contracts/streams';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { countCommittedEvents } from '@reflections/testing/signed-in-member';
import { signedInAdmin, signedUpMember, type TestSession } from '@reflections/testing/sessions-for-test';

const cookieOf = (response: { headers: Record<string, unknown> }) =>
  (response.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');

/**
 * Input PostgreSQL cannot store, or longer than any read model column once was, is refused
 * with a 400 naming the field before anything is appended, so no request answers 500 and no
 * event can stop a projector (issue 21: one 256-character first name stopped sign-in for good).
 */
describe('bounded input', () => {
  let backend: TestBackend;
  let member: TestSession;
  let admin: TestSession;
  const everything = () => countCommittedEvents(backend, '');

  beforeAll(async () => {
    backend = await backendForTest();
    member = await signedUpMember(backend);
    admin = await signedInAdmin(backend);
  });
  afterAll(async () => {
    await backend.close();
  });

  it('refuses a 256-character first name and an overlong email, naming the field, and appends nothing', async () => {
    const before = await everything();
    const name = await backend.command
      .post('/api/auth/register')
      .send(registration({ firstName: 'x'.repeat(256) }))
      .expect(400);
    expect(name.body.fields).toEqual({ firstName: `First name must be at most ${MAX_FIRST_NAME_LENGTH} characters` });
    const email = await backend.command
      .post('/api/auth/register')
      .send(registration({ email: `${'a'.repeat(310)}@example.com` }))
      .expect(400);
    expect(Object.keys(email.body.fields)).toEqual(['email']);
    expect(await everything()).toBe(before);
  });

  it.each([
    ['firstName', 'Sa\u0000m', 'First name contains characters we cannot store'],
    ['firstName', 'Sam\ud83d', 'First name contains characters we cannot store'],
    ['wishOthersKnew', 'That I try\u0000', 'Your answer contains characters we cannot store'],
    ['futureMessage', '\ude00 Keep going.', 'Your message contains characters we cannot store'],
    ['email', 'sa\u0000m@example.com', MESSAGES.emailInvalid],
  ])('refuses a registration with %s %j that PostgreSQL cannot store', async (field, value, message) => {
    const before = await everything();
    const refused = await backend.command
      .post('/api/auth/register')
      .send(registration({ [field]: value }))
      .expect(400);
    expect(refused.body.fields).toEqual({ [field]: message });
    expect(await everything()).toBe(before);
  });

  it('refuses a NUL in the name on the contact form', async () => {
    const refused = await backend.command
      .post('/api/contact')
      .send({ name: 'Sam\u0000', email: 'sam@example.com', interest: 'coaching', message: 'Hello there, a message.' })
      .expect(400);
    expect(refused.body.fields).toEqual({ name: 'Name contains characters we cannot store' });
  });

  it.each([
    [
      'title',
      { title: 'Late\u0000night', content: 'Some words about a long night awake.', categoryId: 1 },
      'Title contains characters we cannot store',
    ],
    [
      'content',
      { title: 'Late night', content: 'Some words about a long night\u0000 awake.', categoryId: 1 },
      'Content contains characters we cannot store',
    ],
    [
      'content',
      { title: 'Late night', content: 'Some words about a long night \ud83d awake.', category: 'general' },
      'Content contains characters we cannot store',
    ],
  ])(
    'refuses a forum post whose %s holds a NUL or half a surrogate pair, and appends nothing',
    async (field, post, message) => {
      const before = await everything();
      const refused = await backend.command
        .post('/api/forum/posts')
        .set('Cookie', member.cookie)
        .send(post)
        .expect(400);
      expect(refused.body.fields).toEqual({ [field]: message });
      expect(await everything()).toBe(before);
    },
  );

  it('refuses a lone surrogate in what a member writes to RAI, and appends nothing', async () => {
    const before = await everything();
    const chat = await backend.command
      .post('/api/ai/rai/process-journal')
      .set('Cookie', member.cookie)
      .send({ journalEntry: 'A hard day \ud83d' })
      .expect(400);
    expect(chat.body.fields).toEqual({ journalEntry: 'Journal entry contains characters we cannot store' });
    const guided = await backend.command
      .post('/api/journal/ai-prompt')
      .set('Cookie', member.cookie)
      .send({ userInput: '\udc00 tired', mood: 'calm' })
      .expect(400);
    expect(guided.body.fields).toEqual({ userInput: 'Your words contains characters we cannot store' });
    const prompt = await backend.command
      .post('/api/ai/rai/process-journal')
      .set('Cookie', member.cookie)
      .send({ journalEntry: 'A hard day', prompt: 'Be\u0000 kind' })
      .expect(400);
    expect(prompt.body.fields).toEqual({ prompt: 'Prompt contains characters we cannot store' });
    expect(await everything()).toBe(before);
  });

  it('refuses a NUL or half a surrogate pair in every other field members and admins write, and appends nothing', async () => {
    const post = await backend.command
      .post('/api/forum/posts')
      .set('Cookie', member.cookie)
      .send({ title: 'Late night', content: 'Some words about a long night awake.', categoryId: 1 })
      .expect(201);
    const story = await backend.command
      .post('/api/five-minute-story/session')
      .set('Cookie', member.cookie)
      .send({})
      .expect(201);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const writes: [string, string, string, Record<string, unknown>, string][] = [
      [
        member.cookie,
        '/api/peace/response',
        'post',
        { section: 'purpose', prompt: PEACE_SECTIONS[0].prompts[0], response: 'My kids\u0000.' },
        'response',
      ],
      [
        member.cookie,
        `/api/five-minute-story/session/${story.body.id}`,
        'put',
        { userResponses: ['An answer \ud83d'] },
        'userResponses',
      ],
      [
        member.cookie,
        `/api/forum/posts/${post.body.id}/replies`,
        'post',
        { content: 'A reply long enough\u0000' },
        'content',
      ],
      [member.cookie, `/api/forum/posts/${post.body.id}/report`, 'post', { reason: 'spam\u0000' }, 'reason'],
      [
        member.cookie,
        '/api/bookings',
        'post',
        { sessionTitle: 'Coaching\u0000 call', serviceType: 'coaching', scheduledAt: tomorrow },
        'sessionTitle',
      ],
      [
        admin.cookie,
        '/api/admin/announcements',
        'post',
        { title: 'News\u0000', body: 'A body long enough to publish.' },
        'title',
      ],
      [
        admin.cookie,
        '/api/admin/announcements',
        'post',
        { title: 'News', body: 'A body long enough \udc00 to publish.' },
        'body',
      ],
      [admin.cookie, '/api/admin/ai-assistant', 'post', { question: 'How are we\u0000?', context: {} }, 'question'],
      [
        '',
        '/api/contact',
        'post',
        { name: 'Sam', email: 'sam@example.com', interest: 'coaching', message: 'Hello there\u0000, a message.' },
        'message',
      ],
    ];
    const before = await everything();
    for (const [cookie, path, method, body, field] of writes) {
      const request = method === 'put' ? backend.command.put(path) : backend.command.post(path);
      const response = await request.set('Cookie', cookie).send(body);
      expect({ path, field, status: response.status, named: Object.keys(response.body.fields ?? {}) }).toEqual({
        path,
        field,
        status: 400,
        named: [field],
      });
    }
    expect(await everything()).toBe(before);
  });

  it('answers 400 to "%00" as an admin path id, and appends nothing', async () => {
    const before = await everything();
    const refused = await backend.command
      .patch('/api/admin/users/%00')
      .set('Cookie', admin.cookie)
      .send({ membershipType: 'vip' })
      .expect(400);
    expect(refused.body).toEqual({ error: 'Expected a UUID', fields: { id: 'Expected a UUID' } });
    await backend.command.post('/api/admin/moderation/posts/%00/hide').set('Cookie', admin.cookie).expect(400);
    const booking = await backend.command
      .post('/api/admin/bookings')
      .set('Cookie', admin.cookie)
      .send({
        userId: '\u0000',
        sessionTitle: 'Coaching call',
        serviceType: 'coaching',
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .expect(400);
    expect(Object.keys(booking.body.fields)).toEqual(['userId']);
    expect(await everything()).toBe(before);
  });

  it('keeps sign-in working for new members after the longest first name allowed, and after a longer one already in the log', async () => {
    // What the log may hold from before the contracts bounded first names: the read models must still apply it.
    const userId = randomUUID();
    const legacy = await backend.eventStore.appendToStream(userStream(userId), [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        metadata: { causedBy: userId, correlationId: 'test', schemaVersion: 2 },
        data: {
          userId,
          email: `${'l'.repeat(300)}@example.com`,
          firstName: 'L'.repeat(300),
          lastName: 'M'.repeat(300),
          passwordHash: 'not-a-hash',
          answers: null,
          archetype: 'peacemaker',
          membershipType: 'free',
          registeredAt: new Date().toISOString(),
          registeredVia: 'admin',
        },
      },
    ]);
    await backend.runtime.waitFor(legacy.position, 10_000);
    const found = await backend.query
      .get(`/api/admin/users?search=${'L'.repeat(50)}`)
      .set('Cookie', admin.cookie)
      .expect(200);
    expect(found.body).toEqual([expect.objectContaining({ id: userId, firstName: 'L'.repeat(300) })]);

    const longest = registration({ firstName: 'N'.repeat(MAX_FIRST_NAME_LENGTH) });
    await backend.command.post('/api/auth/register').send(longest).expect(201);
    const fresh = registration();
    await backend.command.post('/api/auth/register').send(fresh).expect(201);
    const login = await backend.command
      .post('/api/auth/login')
      .send({ email: fresh.email, password: fresh.password })
      .expect(200);
    const me = await backend.query
      .get('/api/auth/user')
      .set('Cookie', cookieOf(login))
      .set('X-Min-Position', login.headers['x-position'] ?? formatPosition(legacy.position))
      .expect(200);
    expect(me.body.email).toBe(fresh.email);
    expect(me.headers['x-read-your-writes']).toBeUndefined();
  });
});
