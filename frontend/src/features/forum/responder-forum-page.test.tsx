import type { ForumPostView } from '@reflections/contracts/forum';
import { FORUM_CATEGORIES } from '@reflections/contracts/forum';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderRoutes } from '../../../test/render';
import { routes } from '../../app/router';

const admin = {
  id: 'a1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lee',
  role: 'admin',
  membershipType: 'free',
  archetype: 'provider',
  createdAt: '2025-01-01T00:00:00Z',
};
const categories = FORUM_CATEGORIES.filter((c) => c.board === 'first-responders').map((c, i) => ({
  ...c,
  slug: c.key,
  sortOrder: i + 1,
  isActive: true,
  createdAt: '2026-11-23T00:00:00.000Z',
}));
const NO_REACTIONS = { counts: { 'hear-you': 0, 'been-there': 0, strength: 0 }, mine: [], reactors: null };
const post: ForumPostView = {
  id: '00000000-0000-4000-8000-000000000001',
  board: 'first-responders',
  userId: 'u2',
  categoryId: 104,
  category: 'sleep-disorders',
  title: 'Sleeping after nights',
  content: 'Four nights on and I cannot sleep before noon.',
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
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  userName: 'Jo',
  user: { firstName: 'Jo', lastName: '' },
  userArchetype: null,
};

describe('the first-responder board (issue 26)', () => {
  it('opens a discussion at its URL and asks the moderator why before hiding it', async () => {
    const seen = answerFetch((request) => {
      const url = new URL(request.path, 'http://app');
      if (url.pathname === '/api/auth/user') return { status: 200, body: admin };
      if (url.pathname === '/api/forum/categories') return { status: 200, body: categories };
      if (url.pathname === '/api/forum/feed')
        return { status: 200, body: { posts: [post], total: 1, nextCursor: null } };
      if (url.pathname === `/api/forum/posts/${post.id}`)
        return { status: 200, body: { post, replies: [], reactions: { post: NO_REACTIONS, replies: {} } } };
      if (url.pathname.endsWith('/hide')) return { status: 200, body: { postId: post.id, changed: true } };
      return { status: 503, body: { error: 'Not in this test', fields: {} } };
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/digital-campfire-forum');
    await user.click(
      within(await screen.findByRole('article', { name: 'Sleeping after nights' })).getAllByRole('button')[0],
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/digital-campfire-forum/posts/${post.id}`));
    const dialog = await screen.findByRole('dialog', { name: 'Sleeping after nights' });
    expect(within(dialog).getByText('Four nights on and I cannot sleep before noon.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Hide post' }));
    await user.type(await screen.findByLabelText('Why (kept with your action)'), 'Shares a method');
    await user.click(screen.getByRole('button', { name: /^Hide$/ }));
    await waitFor(() =>
      expect(seen.find((request) => request.path.endsWith('/hide'))).toMatchObject({
        method: 'POST',
        body: { reason: 'Shares a method' },
      }),
    );

    await user.click(await within(dialog).findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/digital-campfire-forum'));
  });

  it('says plainly that a hidden or deleted discussion is no longer available', async () => {
    answerFetch((request) => {
      const url = new URL(request.path, 'http://app');
      if (url.pathname === '/api/auth/user') return { status: 200, body: { ...admin, role: 'member' } };
      if (url.pathname === '/api/forum/categories') return { status: 200, body: categories };
      if (url.pathname === '/api/forum/feed') return { status: 200, body: { posts: [], total: 0, nextCursor: null } };
      return { status: 404, body: { error: 'Post not found', fields: {} } };
    });
    renderRoutes(routes, `/digital-campfire-forum/posts/${post.id}`);
    expect(await screen.findByText('This post is no longer available.')).toBeInTheDocument();
  });
});
