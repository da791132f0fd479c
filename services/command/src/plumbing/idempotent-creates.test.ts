import { PEACE_SECTIONS } from '@reflections/contracts/peace';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { connectionLoss } from '@reflections/testing/connection-loss';
import { signUpMember, type TestMember } from '@reflections/testing/signed-in-member';

const post = (title: string) => ({
  title,
  content: 'Some nights the quiet is loud. Anyone else?',
  categoryId: 2,
  isAnonymous: false,
});

describe('a create retried with the same Idempotency-Key', () => {
  let backend: TestBackend;
  let sam: TestMember;
  let alex: TestMember;
  const database = connectionLoss();
  /** While set, the forum's crisis check (asked before a post is answered) waits for it: the post stays in flight. */
  let hold: { asked: () => void; released: Promise<void> } | null = null;
  beforeAll(async () => {
    // No crisis lines: what is appended per request stays the same whatever the classifier learns.
    const crisisCheck = async () => {
      if (hold) {
        hold.asked();
        await hold.released;
      }
      return false;
    };
    backend = await backendForTest({ commandEventStore: database.wrap, crisisCheck });
    sam = await signUpMember(backend, { firstName: 'Sam' });
    alex = await signUpMember(backend, { firstName: 'Alex' });
  });
  afterAll(async () => {
    await backend.close();
  });

  const postsTitled = async (title: string) =>
    (await backend.allEvents()).filter(
      (e) => e.type === 'PostCreated' && (e.data as { title: string }).title === title,
    );
  const createPost = (member: TestMember, key: string, body: object) =>
    backend.command.post('/api/forum/posts').set('Cookie', member.cookie).set('Idempotency-Key', key).send(body);
  const answerOf = (response: { status: number; body: unknown; headers: Record<string, string> }) => ({
    status: response.status,
    body: response.body,
    position: response.headers['x-position'],
  });

  it('creates one forum post and answers the retry as the first time', async () => {
    const first = await createPost(sam, 'post-key-0001', post('Asked twice'));
    const retry = await createPost(sam, 'post-key-0001', post('Asked twice'));

    expect(first.status).toBe(201);
    expect(answerOf(retry)).toEqual(answerOf(first));
    expect(await postsTitled('Asked twice')).toHaveLength(1);
  });

  it('answers requests sent together once, both with the one post', async () => {
    const [one, other] = await Promise.all([
      createPost(sam, 'post-key-0002', post('Sent together')),
      createPost(sam, 'post-key-0002', post('Sent together')),
    ]);

    expect(one.status).toBe(201);
    expect(answerOf(other)).toEqual(answerOf(one));
    expect(await postsTitled('Sent together')).toHaveLength(1);
  });

  it('tells a retry sent while the first is still running that it is being processed', async () => {
    let release: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      hold = { asked: resolve, released: new Promise<void>((done) => (release = done)) };
    });
    const first = createPost(sam, 'post-key-0008', post('Held in flight')).then((response) => response);
    await asked;

    const retry = await createPost(sam, 'post-key-0008', post('Held in flight'));
    hold = null;
    release();

    expect(retry.status).toBe(409);
    expect(retry.body.error).toBe('This request is already being processed.');
    expect((await first).status).toBe(201);
    expect(await postsTitled('Held in flight')).toHaveLength(1);
  });

  it('gives another member with the same key a post of his own', async () => {
    const sams = await createPost(sam, 'post-key-0003', post('Same key, two men'));
    const alexs = await createPost(alex, 'post-key-0003', post('Same key, two men'));

    expect(alexs.status).toBe(201);
    expect(alexs.body.id).not.toBe(sams.body.id);
    expect(await postsTitled('Same key, two men')).toHaveLength(2);
  });

  it('refuses the same key with a different request, and stores nothing for it', async () => {
    await createPost(sam, 'post-key-0004', post('The first words')).expect(201);

    const other = await createPost(sam, 'post-key-0004', post('Other words'));

    expect(other.status).toBe(422);
    expect(await postsTitled('Other words')).toHaveLength(0);
  });

  it('refuses a key of the wrong shape with a 400 naming the header', async () => {
    const response = await createPost(sam, 'short', post('Badly keyed'));

    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields)).toEqual(['Idempotency-Key']);
    expect(await postsTitled('Badly keyed')).toHaveLength(0);
  });

  it('lets a retry run after the first attempt lost the database (503)', async () => {
    database.failNextAppendTo('forumPost-');
    const lost = await createPost(sam, 'post-key-0005', post('After the outage'));
    expect(lost.status).toBe(503);
    expect(lost.headers['retry-after']).toBeDefined();

    const retry = await createPost(sam, 'post-key-0005', post('After the outage'));

    expect(retry.status).toBe(201);
    expect(await postsTitled('After the outage')).toHaveLength(1);
  });

  it('keeps one post when the first attempt was stored but its answer was lost', async () => {
    database.failNextAppendTo('forumPost-', { afterCommit: true });
    const lost = await createPost(sam, 'post-key-0006', post('Stored, answer lost'));
    expect(lost.status).toBe(503);

    const retry = await createPost(sam, 'post-key-0006', post('Stored, answer lost'));

    expect(retry.status).toBe(201);
    expect(await postsTitled('Stored, answer lost')).toHaveLength(1);
  });

  it('keeps one reply when the first attempt was stored but its answer was lost', async () => {
    const { id: postId } = (await createPost(alex, 'post-key-0007', post('Replied to once')).expect(201)).body;
    const reply = () =>
      backend.command
        .post(`/api/forum/posts/${postId}/replies`)
        .set('Cookie', sam.cookie)
        .set('Idempotency-Key', 'reply-key-0001')
        .send({ content: 'Here with you, brother.', isAnonymous: false });
    database.failNextAppendTo('forumPost-', { afterCommit: true });
    expect((await reply()).status).toBe(503);

    const retry = await reply();

    expect(retry.status).toBe(201);
    const replies = (await backend.allEvents()).filter(
      (e) => e.type === 'ReplyAdded' && (e.data as { postId: string }).postId === postId,
    );
    expect(replies).toHaveLength(1);
    expect(retry.body.id).toBe((replies[0].data as { replyId: string }).replyId);
  });

  it('keeps one booking and one peace answer when their first answers were lost', async () => {
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const book = () =>
      backend.command
        .post('/api/bookings')
        .set('Cookie', sam.cookie)
        .set('Idempotency-Key', 'booking-key-01')
        .send({ sessionTitle: 'Weekend retreat', serviceType: 'retreat', scheduledAt: inTenDays });
    const answer = () =>
      backend.command
        .post('/api/peace/response')
        .set('Cookie', sam.cookie)
        .set('Idempotency-Key', 'peace-key-0001')
        .send({
          section: 'purpose',
          prompt: PEACE_SECTIONS.find((section) => section.id === 'purpose')!.prompts[0],
          response: 'My kids.',
        });
    database.failNextAppendTo('booking-', { afterCommit: true });
    expect((await book()).status).toBe(503);
    database.failNextAppendTo('peace-', { afterCommit: true });
    expect((await answer()).status).toBe(503);

    const [booked, answered] = [await book(), await answer()];

    expect([booked.status, answered.status]).toEqual([201, 201]);
    const events = await backend.allEvents();
    expect(
      events.filter(
        (e) => e.type === 'SessionBooked' && (e.data as { bookingId: string }).bookingId === booked.body.id,
      ),
    ).toHaveLength(1);
    expect(
      events.filter((e) => e.type === 'PeaceResponseRecorded' && (e.data as { userId: string }).userId === sam.userId),
    ).toHaveLength(1);
  });

  it('registers once for a visitor who retries his registration, and signs the retry in', async () => {
    const payload = registration();
    const first = await backend.command
      .post('/api/auth/register')
      .set('Idempotency-Key', 'register-key-01')
      .send(payload);
    const retry = await backend.command
      .post('/api/auth/register')
      .set('Idempotency-Key', 'register-key-01')
      .send(payload);

    expect(first.status).toBe(201);
    expect([retry.status, retry.body.user.id, retry.headers['x-position']]).toEqual([
      201,
      first.body.user.id,
      first.headers['x-position'],
    ]);
    const cookie = (retry.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const me = await backend.query
      .get('/api/auth/user')
      .set('Cookie', cookie)
      .set('X-Min-Position', retry.headers['x-position'])
      .expect(200);
    expect(me.body.id).toBe(first.body.user.id);
    const registered = (await backend.allEvents()).filter(
      (e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === payload.email,
    );
    expect(registered).toHaveLength(1);
  });

  it('stores a contact message once when it is sent again with its key', async () => {
    const message = {
      name: 'Jordan',
      email: 'jordan@example.com',
      interest: 'coaching',
      message: 'Sent twice over a bad connection, stored once.',
    };
    const first = await backend.command.post('/api/contact').set('Idempotency-Key', 'contact-key-01').send(message);
    const retry = await backend.command.post('/api/contact').set('Idempotency-Key', 'contact-key-01').send(message);

    expect(first.status).toBe(201);
    expect(answerOf(retry)).toEqual(answerOf(first));
    const received = (await backend.allEvents()).filter(
      (e) => e.type === 'ContactMessageReceived' && (e.data as { message: string }).message === message.message,
    );
    expect(received).toHaveLength(1);
  });
});
