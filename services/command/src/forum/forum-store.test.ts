import { randomUUID } from 'node:crypto';
import { forumPostStream } from '@reflections/contracts/streams';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { forumPostStore, newPost } from './forum-store';

const context = { userId: 'u1', correlationId: 'test' };
const now = () => new Date().toISOString();
const reply = () => ({
  type: 'AddReply' as const,
  replyId: randomUUID(),
  content: 'Thank you for this.',
  isAnonymous: false,
  authorId: 'u2',
  now: now(),
});
const admin = () => ({ adminId: 'a1', now: now(), reason: '' });

/** Two command processes on one log: each remembers the posts it wrote; neither knows what the other just did. */
describe('forum post store', () => {
  let store: PostgresEventStore;
  beforeAll(async () => {
    store = await PostgresEventStore.connect({ connectionString: await createTestDatabase() });
  });
  afterAll(() => store.close());

  async function createdIn(here: ReturnType<typeof forumPostStore>) {
    const postId = randomUUID();
    const create = {
      type: 'CreatePost' as const,
      postId,
      board: 'campfire' as const,
      categoryId: 1,
      category: 'inner-reflection',
      title: 'A title',
      content: 'Words long enough.',
      isAnonymous: false,
      authorId: 'u1',
      now: now(),
    };
    await here.handle(postId, create, context, newPost);
    return postId;
  }
  const typesIn = async (postId: string) =>
    (await store.readStream(forumPostStream(postId))).map((event) => event.type);

  it('replies from two processes to one post both land, whichever revision each remembered', async () => {
    const [one, two] = [forumPostStore(store), forumPostStore(store)];
    const postId = await createdIn(one);
    await two.handle(postId, reply(), context);
    const remembered = await one.latest(postId);
    expect(remembered.remembered).toBe(true);
    await one.handle(postId, reply(), context);
    expect(await typesIn(postId)).toEqual(['PostCreated', 'ReplyAdded', 'ReplyAdded']);
  });

  it('refuses a reply to a post another process hid, though this one remembers it visible, and appends nothing', async () => {
    const [one, two] = [forumPostStore(store), forumPostStore(store)];
    const postId = await createdIn(one);
    await two.handle(postId, { type: 'HidePost', ...admin() }, context);
    const stale = await one.latest(postId);
    expect(stale.state.isHidden).toBe(false);
    await expect(one.handle(postId, reply(), context)).rejects.toMatchObject({ status: 404 });
    expect(await typesIn(postId)).toEqual(['PostCreated', 'PostHidden']);

    await two.handle(postId, { type: 'RestorePost', ...admin() }, context);
    expect((await one.latest(postId)).state.isHidden).toBe(false);
    await one.handle(postId, reply(), context);
    expect(await typesIn(postId)).toEqual(['PostCreated', 'PostHidden', 'PostRestored', 'ReplyAdded']);
  });

  it('decides a no-op on the stream as it is, not on what this process remembers', async () => {
    const [one, two] = [forumPostStore(store), forumPostStore(store)];
    const postId = await createdIn(one);
    await one.handle(postId, { type: 'PinPost', ...admin() }, context);
    await two.handle(postId, { type: 'UnpinPost', ...admin() }, context);
    // `one` remembers the post pinned; pinning it again must still append.
    expect(await one.handle(postId, { type: 'PinPost', ...admin() }, context)).not.toBeNull();
    expect(await typesIn(postId)).toEqual(['PostCreated', 'PostPinned', 'PostUnpinned', 'PostPinned']);
  });
});
