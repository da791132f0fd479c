import { FORUM_MESSAGES } from '@reflections/contracts/forum';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { campfirePost, type ForumDriver, forumDriver, type Member, responderPost } from './forum-testing';

describe('forum API', () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let sam: Member;
  let alex: Member;
  let admin: Member;
  const crisisTexts: string[] = [];

  beforeAll(async () => {
    backend = await backendForTest({
      crisisCheck: async (text) => {
        crisisTexts.push(text);
        return text.includes('end it all');
      },
    });
    forum = forumDriver(backend);
    [sam, alex, admin] = [await forum.member('Sam'), await forum.member('Alex'), await forum.admin()];
  });
  afterAll(async () => {
    await backend.close();
  });

  const eventsOfType = async (type: string) => (await backend.allEvents()).filter((e) => e.type === type);

  it("serves both boards' categories, created by events at first start", async () => {
    const categories = (await forum.get(null, '/api/forum/categories').expect(200)).body;
    const campfire = categories.filter((c: { board: string }) => c.board === 'campfire');
    expect(campfire.slice(0, 4).map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [1, 'Inner Reflection'],
      [2, 'Brotherhood'],
      [3, 'Emotional Wellness'],
      [4, 'Personal Growth'],
    ]);
    expect(campfire[0]).toMatchObject({
      slug: 'inner-reflection',
      color: 'purple',
      icon: 'Brain',
      sortOrder: 1,
      isActive: true,
      createdAt: expect.any(String),
      description: expect.any(String),
    });
    const responders = categories
      .filter((c: { board: string }) => c.board === 'first-responders')
      .map((c: { key: string }) => c.key);
    expect(responders).toEqual([
      'ptsd-trauma',
      'stress-burnout',
      'depression-anxiety',
      'sleep-disorders',
      'family-relationships',
      'substance-abuse',
      'critical-incidents',
      'retirement-transition',
      'peer-support',
      'general',
    ]);
    expect(
      (await forum.get(null, '/api/forum/categories?board=campfire').expect(200)).body.every(
        (c: { board: string }) => c.board === 'campfire',
      ),
    ).toBe(true);
    expect(await eventsOfType('ForumCategoryCreated')).toHaveLength(categories.length);
  });

  it('creates a variant B post and lists it on the Campfire board with every field', async () => {
    const created = await forum.post(
      sam,
      '/api/forum/posts',
      campfirePost({ title: '  Brothers at the fire  ', categoryId: 2 }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), board: 'campfire', crisisResources: false });
    const list = (await forum.get(alex, '/api/forum/posts?categoryId=2').expect(200)).body;
    expect(list[0]).toEqual({
      id: created.body.id,
      board: 'campfire',
      userId: sam.id,
      categoryId: 2,
      category: 'brotherhood',
      title: 'Brothers at the fire',
      content: campfirePost().content,
      isAnonymous: false,
      isPinned: false,
      isHidden: false,
      isOwn: false,
      awaitingReview: false,
      editedAt: null,
      isDeleted: false,
      replyCount: 0,
      lastReplyAt: null,
      lastReplyUserId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      userName: 'Sam',
      user: { firstName: 'Sam', lastName: '' },
      userArchetype: 'The Peacemaker',
    });
    const mine = (await forum.get(sam, '/api/forum/posts?board=campfire').expect(200)).body.find(
      (p: { id: string }) => p.id === created.body.id,
    );
    expect(mine.isOwn).toBe(true);
  });

  it('creates a variant A post under its topic, never on the Campfire board', async () => {
    const created = await forum.post(sam, '/api/forum/posts', responderPost());
    expect(created.status).toBe(201);
    expect(created.body.board).toBe('first-responders');
    const topic = (await forum.get(alex, '/api/forum/posts?category=sleep-disorders').expect(200)).body;
    expect(topic.map((p: { id: string }) => p.id)).toEqual([created.body.id]);
    expect(topic[0]).toMatchObject({
      category: 'sleep-disorders',
      categoryId: 104,
      board: 'first-responders',
      userName: 'Sam',
    });
    const board = (await forum.get(alex, '/api/forum/posts?board=first-responders&category=all').expect(200)).body;
    expect(board.map((p: { id: string }) => p.id)).toContain(created.body.id);
    const campfire = (await forum.get(alex, '/api/forum/posts?board=campfire').expect(200)).body;
    expect(campfire.map((p: { id: string }) => p.id)).not.toContain(created.body.id);
    expect((await forum.get(alex, '/api/forum/posts').expect(200)).body.map((p: { id: string }) => p.id)).toContain(
      created.body.id,
    );
  });

  it('lets anyone read the Campfire board and only members the first-responder board', async () => {
    const created = await forum.post(sam, '/api/forum/posts', responderPost({ category: 'general' }));
    // A visitor's read does not wait for the projectors: let the author's read wait first.
    await forum.get(sam, `/api/forum/posts/${created.body.id}`).expect(200);
    const signedOut = (await forum.get(null, '/api/forum/posts').expect(200)).body;
    expect(signedOut.every((p: { board: string }) => p.board === 'campfire')).toBe(true);
    await forum.get(null, '/api/forum/posts?category=general').expect(401);
    await forum.get(null, `/api/forum/posts/${created.body.id}`).expect(401);
  });

  describe('bad input', () => {
    it.each([
      ['a short title', { title: 'Hey' }, 'title', FORUM_MESSAGES.titleMin],
      ['a short content', { content: 'Too short' }, 'content', FORUM_MESSAGES.contentMin],
      ['no category', { categoryId: 0 }, 'categoryId', FORUM_MESSAGES.category],
      ['an unknown category', { categoryId: 104 }, 'categoryId', FORUM_MESSAGES.category],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title', FORUM_MESSAGES.titleMax],
      ['content over 10,000 characters', { content: 'x'.repeat(10_001) }, 'content', FORUM_MESSAGES.contentMax],
    ])('refuses variant B %s with the message and appends nothing', async (_name, change, field, message) => {
      const before = (await eventsOfType('PostCreated')).length;
      const response = await forum.post(sam, '/api/forum/posts', campfirePost(change));
      expect(response.status).toBe(400);
      expect(response.body.fields[field]).toBe(message);
      expect((await eventsOfType('PostCreated')).length).toBe(before);
    });

    it('refuses variant B with every field at once, as the form does', async () => {
      const response = await forum.post(sam, '/api/forum/posts', {
        title: '',
        content: '',
        categoryId: 0,
        isAnonymous: false,
      });
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({
        title: FORUM_MESSAGES.titleMin,
        content: FORUM_MESSAGES.contentMin,
        categoryId: FORUM_MESSAGES.category,
      });
    });

    it.each([
      ['a blank title', { title: '   ' }, 'title', FORUM_MESSAGES.titleRequired],
      ['blank content', { content: '\n  ' }, 'content', FORUM_MESSAGES.contentRequired],
      ['the filter-only topic', { category: 'all' }, 'category', FORUM_MESSAGES.category],
      ['an unknown topic', { category: 'golf' }, 'category', FORUM_MESSAGES.category],
    ])('refuses variant A %s and appends nothing', async (_name, change, field, message) => {
      const before = (await eventsOfType('PostCreated')).length;
      const response = await forum.post(sam, '/api/forum/posts', responderPost(change));
      expect(response.status).toBe(400);
      expect(response.body.fields[field]).toBe(message);
      expect((await eventsOfType('PostCreated')).length).toBe(before);
    });

    it('accepts a variant A title of one character (non-empty after trimming is the only rule)', async () => {
      expect((await forum.post(sam, '/api/forum/posts', responderPost({ title: ' ? ' }))).status).toBe(201);
    });

    it("holds replies to their board's rule", async () => {
      const campfire = await forum.post(sam, '/api/forum/posts', campfirePost());
      const responders = await forum.post(sam, '/api/forum/posts', responderPost());
      const short = await forum.post(alex, `/api/forum/posts/${campfire.body.id}/replies`, {
        content: 'Same here',
        isAnonymous: false,
      });
      expect(short.status).toBe(400);
      expect(short.body.fields.content).toBe(FORUM_MESSAGES.replyMin);
      expect(
        (await forum.post(alex, `/api/forum/posts/${responders.body.id}/replies`, { content: 'Same here' })).status,
      ).toBe(201);
      const blank = await forum.post(alex, `/api/forum/posts/${responders.body.id}/replies`, { content: '   ' });
      expect(blank.body.fields.content).toBe(FORUM_MESSAGES.replyRequired);
      const long = await forum.post(alex, `/api/forum/posts/${campfire.body.id}/replies`, {
        content: 'x'.repeat(5001),
      });
      expect(long.body.fields.content).toBe(FORUM_MESSAGES.replyMax);
      await forum.get(alex, '/api/forum/posts?categoryId=abc').expect(400);
    });

    it('answers 401 to writes signed out, 404 to unknown posts, 400 to ids that are no UUID, 403 to members on admin routes', async () => {
      const post = await forum.post(sam, '/api/forum/posts', campfirePost());
      expect((await forum.post(null, '/api/forum/posts', campfirePost())).status).toBe(401);
      expect(
        (await forum.post(null, `/api/forum/posts/${post.body.id}/replies`, { content: 'A reply long enough' })).status,
      ).toBe(401);
      expect((await forum.post(null, `/api/forum/posts/${post.body.id}/report`, { reason: 'spam' })).status).toBe(401);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect(
        (await forum.post(alex, `/api/forum/posts/${unknown}/replies`, { content: 'A reply long enough' })).status,
      ).toBe(404);
      expect(
        (await forum.post(alex, '/api/forum/posts/not-a-uuid/replies', { content: 'A reply long enough' })).status,
      ).toBe(400);
      await forum.get(alex, `/api/forum/posts/${unknown}`).expect(404);
      await forum.get(alex, `/api/forum/posts/${unknown}/replies`).expect(404);
      expect((await forum.get(alex, '/api/forum/posts/1').expect(400)).body.fields).toEqual({
        postId: 'Expected a UUID',
      });
      expect((await forum.post(alex, `/api/forum/posts/${post.body.id}/pin`)).status).toBe(403);
      expect((await forum.post(alex, `/api/admin/moderation/posts/${post.body.id}/hide`)).status).toBe(403);
      await forum.get(alex, '/api/admin/moderation/reports').expect(403);
      await forum.get(null, '/api/admin/moderation/reports').expect(401);
    });
  });

  it('answers the post with its replies, oldest reply first, and keeps the counts', async () => {
    const post = await forum.post(sam, '/api/forum/posts', campfirePost({ categoryId: 3 }));
    const first = await forum.post(alex, `/api/forum/posts/${post.body.id}/replies`, {
      content: 'Thank you for writing this.',
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), postId: post.body.id, crisisResources: false });
    await forum.post(sam, `/api/forum/posts/${post.body.id}/replies`, {
      content: 'Thank you for reading it.',
      isAnonymous: true,
    });
    const detail = (await forum.get(alex, `/api/forum/posts/${post.body.id}`).expect(200)).body;
    expect(detail.post).toMatchObject({ replyCount: 2, lastReplyAt: expect.any(String), lastReplyUserId: null });
    expect(detail.replies.map((r: { content: string; user: unknown }) => [r.content, r.user])).toEqual([
      ['Thank you for writing this.', { firstName: 'Alex' }],
      ['Thank you for reading it.', null],
    ]);
    const replies = (await forum.get(alex, `/api/forum/posts/${post.body.id}/replies`).expect(200)).body;
    expect(replies).toEqual(detail.replies);
  });

  it('lists pinned posts first, then newest; only admins pin and unpin', async () => {
    const older = await forum.post(sam, '/api/forum/posts', campfirePost({ categoryId: 4, title: 'Older post here' }));
    await forum.post(sam, '/api/forum/posts', campfirePost({ categoryId: 4, title: 'Newer post here' }));
    const order = async () =>
      (await forum.get(alex, '/api/forum/posts?categoryId=4').expect(200)).body.map((p: { title: string }) => p.title);
    expect(await order()).toEqual(['Newer post here', 'Older post here']);
    expect((await forum.post(admin, `/api/forum/posts/${older.body.id}/pin`)).body).toEqual({
      postId: older.body.id,
      changed: true,
    });
    expect((await forum.post(admin, `/api/forum/posts/${older.body.id}/pin`)).body.changed).toBe(false);
    expect(await order()).toEqual(['Older post here', 'Newer post here']);
    expect((await forum.get(alex, '/api/forum/posts?categoryId=4').expect(200)).body[0].isPinned).toBe(true);
    await forum.del(admin, `/api/forum/posts/${older.body.id}/pin`);
    expect(await order()).toEqual(['Newer post here', 'Older post here']);
    expect((await eventsOfType('PostPinned')).length).toBe(1);
    expect((await eventsOfType('PostUnpinned')).length).toBe(1);
  });

  it('takes 50 replies posted at once to one post: replyCount 50 and 50 replies', async () => {
    const post = await forum.post(sam, '/api/forum/posts', campfirePost({ categoryId: 5 }));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        forum.post(i % 2 ? alex : sam, `/api/forum/posts/${post.body.id}/replies`, {
          content: `Reply number ${i} to you`,
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
    const detail = (await forum.get(alex, `/api/forum/posts/${post.body.id}`).expect(200)).body;
    expect(detail.post.replyCount).toBe(50);
    expect(detail.replies).toHaveLength(50);
    expect(new Set(detail.replies.map((r: { content: string }) => r.content)).size).toBe(50);
  });

  it('shows the author crisis resources after a post or reply with crisis language, publishes it as written, and records no text', async () => {
    const post = await forum.post(
      sam,
      '/api/forum/posts',
      campfirePost({ content: 'Some nights I think I should just end it all.' }),
    );
    expect(post.body.crisisResources).toBe(true);
    const reply = await forum.post(alex, `/api/forum/posts/${post.body.id}/replies`, {
      content: 'Brother, I want to end it all too sometimes.',
    });
    expect(reply.body.crisisResources).toBe(true);
    const detail = (await forum.get(alex, `/api/forum/posts/${post.body.id}`).expect(200)).body;
    expect(detail.post.content).toBe('Some nights I think I should just end it all.');
    const shown = (await eventsOfType('CrisisResourcesShown')).filter(
      (e) => e.streamName === `forumPost-${post.body.id}`,
    );
    expect(shown.map((e) => e.data)).toEqual([
      { where: 'forum', shownAt: expect.any(String) },
      { where: 'forum', shownAt: expect.any(String) },
    ]);
    expect(crisisTexts).toContain('Brother, I want to end it all too sometimes.');
  });

  it('takes reports, lets an admin hide content, and hidden content leaves every member list and count', async () => {
    const post = await forum.post(sam, '/api/forum/posts', campfirePost({ categoryId: 6, title: 'To be reported' }));
    const keeper = await forum.post(
      sam,
      '/api/forum/posts',
      campfirePost({ categoryId: 6, title: 'A post that stays' }),
    );
    const good = await forum.post(sam, `/api/forum/posts/${keeper.body.id}/replies`, {
      content: 'A kind reply that stays.',
    });
    const bad = await forum.post(alex, `/api/forum/posts/${keeper.body.id}/replies`, {
      content: 'An unkind reply to be hidden.',
    });

    const postReport = await forum.post(alex, `/api/forum/posts/${post.body.id}/report`, { reason: 'Spam' });
    expect(postReport.status).toBe(201);
    const replyReport = await forum.post(sam, `/api/forum/posts/${keeper.body.id}/replies/${bad.body.id}/report`, {
      reason: 'Unkind',
    });
    expect(replyReport.status).toBe(201);
    expect((await forum.post(sam, `/api/forum/posts/${post.body.id}/report`, { reason: '' })).body.fields.reason).toBe(
      FORUM_MESSAGES.reason,
    );

    const queue = (await forum.get(admin, '/api/admin/moderation/reports').expect(200)).body;
    expect(queue.find((r: { reportId: string }) => r.reportId === postReport.body.reportId)).toMatchObject({
      postId: post.body.id,
      replyId: null,
      reason: 'Spam',
      status: 'open',
      postTitle: 'To be reported',
      authorName: 'Sam',
      contentHidden: false,
    });
    expect(queue.find((r: { reportId: string }) => r.reportId === replyReport.body.reportId)).toMatchObject({
      replyId: bad.body.id,
      content: 'An unkind reply to be hidden.',
      authorName: 'Alex',
    });

    await forum.post(admin, `/api/admin/moderation/posts/${post.body.id}/hide`).then((r) => expect(r.status).toBe(200));
    await forum
      .post(admin, `/api/admin/moderation/posts/${keeper.body.id}/replies/${bad.body.id}/hide`)
      .then((r) => expect(r.status).toBe(200));

    const list = (await forum.get(sam, '/api/forum/posts?categoryId=6').expect(200)).body;
    expect(list.map((p: { title: string }) => p.title)).toEqual(['A post that stays']);
    expect(list[0]).toMatchObject({ replyCount: 1, lastReplyUserId: sam.id });
    await forum.get(sam, `/api/forum/posts/${post.body.id}`).expect(404);
    const detail = (await forum.get(alex, `/api/forum/posts/${keeper.body.id}`).expect(200)).body;
    expect(detail.replies.map((r: { id: string }) => r.id)).toEqual([good.body.id]);
    expect(detail.post.replyCount).toBe(1);
    expect(
      (await forum.post(alex, `/api/forum/posts/${post.body.id}/replies`, { content: 'Replying to hidden' })).status,
    ).toBe(404);

    const adminView = (await forum.get(admin, '/api/forum/posts?categoryId=6').expect(200)).body;
    expect(adminView.find((p: { id: string }) => p.id === post.body.id).isHidden).toBe(true);
    const actioned = (await forum.get(admin, '/api/admin/moderation/reports?status=actioned').expect(200)).body.map(
      (r: { reportId: string }) => r.reportId,
    );
    expect(actioned).toEqual(expect.arrayContaining([postReport.body.reportId, replyReport.body.reportId]));
    expect(
      (await forum.get(admin, '/api/admin/moderation/reports').expect(200)).body.map(
        (r: { reportId: string }) => r.reportId,
      ),
    ).not.toContain(postReport.body.reportId);

    await forum.post(admin, `/api/admin/moderation/posts/${post.body.id}/restore`);
    await forum.post(admin, `/api/admin/moderation/posts/${keeper.body.id}/replies/${bad.body.id}/restore`);
    expect(
      (await forum.get(sam, '/api/forum/posts?categoryId=6').expect(200)).body.map((p: { title: string }) => p.title),
    ).toEqual(['A post that stays', 'To be reported']);
    expect((await forum.get(sam, `/api/forum/posts/${keeper.body.id}`).expect(200)).body.post.replyCount).toBe(2);
  });

  it('lets an admin dismiss a report without hiding anything', async () => {
    const post = await forum.post(sam, '/api/forum/posts', campfirePost());
    const report = await forum.post(alex, `/api/forum/posts/${post.body.id}/report`, { reason: 'Not sure about this' });
    await forum
      .post(admin, `/api/admin/moderation/posts/${post.body.id}/reports/${report.body.reportId}/dismiss`)
      .then((r) => expect(r.status).toBe(200));
    const dismissed = (await forum.get(admin, '/api/admin/moderation/reports?status=dismissed').expect(200)).body;
    expect(dismissed.map((r: { reportId: string }) => r.reportId)).toContain(report.body.reportId);
    await forum.get(alex, `/api/forum/posts/${post.body.id}`).expect(200);
  });

  it("answers the signed-in member's primary archetype, 401 signed out", async () => {
    expect((await forum.get(sam, '/api/ai/profile').expect(200)).body).toEqual({ primaryArchetype: 'The Peacemaker' });
    await forum.get(null, '/api/ai/profile').expect(401);
  });
});
