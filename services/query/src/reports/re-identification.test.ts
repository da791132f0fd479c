import { parsePosition } from '@reflections/contracts/position';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedInAdmin, signedUpMember, type TestSession } from '@reflections/testing/sessions-for-test';

type PostView = { id: string; isAnonymous: boolean; createdAt: string; updatedAt: string; lastReplyAt: string | null };
type ReplyView = { id: string; isAnonymous: boolean; createdAt: string };

const toTheHour = (iso: string) => `${iso.slice(0, 13)}:00:00.000Z`;
const onTheHour = (iso: string) => iso.endsWith(':00:00.000Z');

/**
 * The three ways issue 24 found to undo a member's anonymity from what admins and members
 * are shown. Each case is built as it was found; the test fails if any of them still works.
 */
describe('anonymity that survives the reports', () => {
  let backend: TestBackend;
  let admin: TestSession;
  let lone: TestSession;
  let other: TestSession;
  let named: { id: string };
  let anonymous: { id: string };
  let anonymousReplyId: string;

  const post = async (session: TestSession, title: string, isAnonymous: boolean) => {
    const response = await backend.command
      .post('/api/forum/posts')
      .set('Cookie', session.cookie)
      .send({ title, content: 'A long week, and a few words about it around the fire.', categoryId: 1, isAnonymous })
      .expect(201);
    return response;
  };
  const recordedTime = async (postId: string) =>
    (
      (await backend.allEvents()).find(
        (e) => e.type === 'PostCreated' && (e.data as { postId: string }).postId === postId,
      )!.data as { createdAt: string }
    ).createdAt;
  const report = (name: string, suffix = '') =>
    backend.query.get(`/api/admin/reports/${name}${suffix}`).set('Cookie', admin.cookie).expect(200);

  beforeAll(async () => {
    backend = await backendForTest();
    admin = await signedInAdmin(backend);
    // The only member of his archetype: the journey's answers all point to one of them.
    lone = await signedUpMember(backend, { presenceInRoom: 'observe', coreDrive: 'justice' });
    other = await signedUpMember(backend);
    // The same member, the same category, the same day, the same second: one named post, one anonymous.
    named = (await post(lone, 'Named: a hard week', false)).body;
    anonymous = (await post(lone, 'Anonymous: what I could not say', true)).body;
    const reply = await backend.command
      .post(`/api/forum/posts/${named.id}/replies`)
      .set('Cookie', lone.cookie)
      .send({ content: 'Quietly, with you all.', isAnonymous: true })
      .expect(201);
    anonymousReplyId = reply.body.id;
    await backend.runtime.waitFor(parsePosition(reply.headers['x-position'])!, 10_000);
  });
  afterAll(async () => {
    await backend.close();
  });

  it('never gives forum-engagement participants under 5, in the API or the CSV', async () => {
    const { body } = await report('forum-engagement');
    const mine = body.rows.filter((row: { posts: number }) => row.posts >= 2);
    expect(mine.length).toBeGreaterThan(0);
    for (const row of mine) expect(row.participants).toBe('fewer than 5');
    expect(
      body.rows.some((row: { participants: unknown }) => typeof row.participants === 'number' && row.participants < 5),
    ).toBe(false);
    const csv = await report('forum-engagement', '/csv');
    expect(csv.text).not.toMatch(/,[1-4]\r\n/);
  });

  it("shows other members an anonymous post's and reply's time only to the hour, never the second of a named post", async () => {
    const { body: posts } = await backend.query
      .get('/api/forum/posts?board=campfire')
      .set('Cookie', other.cookie)
      .expect(200);
    const seenNamed = posts.find((p: PostView) => p.id === named.id);
    const seenAnonymous = posts.find((p: PostView) => p.id === anonymous.id);
    expect(onTheHour(seenAnonymous.createdAt) && onTheHour(seenAnonymous.updatedAt)).toBe(true);
    expect(seenAnonymous.createdAt).toBe(toTheHour(await recordedTime(anonymous.id)));
    // The named post's last activity is the anonymous reply: it too is only to the hour.
    expect(onTheHour(seenNamed.lastReplyAt) && onTheHour(seenNamed.updatedAt)).toBe(true);
    const { body: detail } = await backend.query
      .get(`/api/forum/posts/${named.id}`)
      .set('Cookie', other.cookie)
      .expect(200);
    const replies: ReplyView[] =
      detail.replies ??
      (await backend.query.get(`/api/forum/posts/${named.id}/replies`).set('Cookie', other.cookie).expect(200)).body;
    expect(onTheHour(replies.find((r) => r.id === anonymousReplyId)!.createdAt)).toBe(true);
    // The admin is everyone but the author too.
    const { body: adminPosts } = await backend.query
      .get('/api/forum/posts?board=campfire')
      .set('Cookie', admin.cookie)
      .expect(200);
    expect(onTheHour(adminPosts.find((p: PostView) => p.id === anonymous.id).createdAt)).toBe(true);
  });

  it('shows the author his own anonymous post to the millisecond', async () => {
    const { body: posts } = await backend.query
      .get('/api/forum/posts?board=campfire')
      .set('Cookie', lone.cookie)
      .expect(200);
    const own = posts.find((p: PostView) => p.id === anonymous.id);
    expect(own.createdAt).toBe(await recordedTime(anonymous.id));
  });

  it("shows nothing of an archetype's onboarding answers while it has fewer than 5 members", async () => {
    const { body } = await report('onboarding-answers');
    expect(body.rows).toEqual([]);
    const csv = await report('onboarding-answers', '/csv');
    expect(csv.text).toBe('Archetype,Question,Answer,Members\r\n');
  });
});
