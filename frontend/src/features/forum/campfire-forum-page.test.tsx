import { FORUM_CATEGORIES, type ForumPostView } from '@reflections/contracts/forum';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderRoutes } from '../../../test/render';
import { routes } from '../../app/router';

const member = {
  id: 'u1',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Reed',
  role: 'member',
  membershipType: 'free',
  archetype: 'provider',
  createdAt: '2025-01-01T00:00:00Z',
};
const categories = FORUM_CATEGORIES.filter((c) => c.board === 'campfire').map((c, i) => ({
  ...c,
  slug: c.key,
  sortOrder: i + 1,
  isActive: true,
  createdAt: '2026-11-23T00:00:00.000Z',
}));

const post = (n: number): ForumPostView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  board: 'campfire',
  userId: 'u2',
  categoryId: 1,
  category: 'inner-reflection',
  title: `Evening number ${n}`,
  content: 'Words long enough to be a post.',
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
  userName: 'Alex',
  user: { firstName: 'Alex', lastName: '' },
  userArchetype: null,
});

const GONE = post(7).id;
const NO_REACTIONS = { counts: { 'hear-you': 0, 'been-there': 0, strength: 0 }, mine: [], reactors: null };
const MINE = post(8).id;
const DELETED = post(9).id;

const reply = {
  id: '00000000-0000-4000-8000-00000000aaaa',
  postId: DELETED,
  userId: 'u2',
  content: 'A reply that stays.',
  isAnonymous: false,
  isHidden: false,
  isOwn: false,
  editedAt: null,
  isDeleted: false,
  userName: 'Alex',
  user: { firstName: 'Alex' },
  userArchetype: null,
  createdAt: '2026-11-23T11:00:00.000Z',
};

function answerTheBoard() {
  return answerFetch((request) => {
    const url = new URL(request.path, 'http://app');
    if (url.pathname === '/api/auth/user') return { status: 200, body: member };
    if (url.pathname === '/api/ai/profile') return { status: 200, body: { primaryArchetype: 'The Provider' } };
    if (url.pathname === '/api/forum/categories') return { status: 200, body: categories };
    if (url.pathname === '/api/forum/search')
      return {
        status: 200,
        body: {
          posts: [post(99)].map((p) => ({ ...p, title: `Found: ${url.searchParams.get('q')}` })),
          total: 1,
          nextCursor: null,
        },
      };
    if (url.pathname === '/api/forum/feed') {
      const second = url.searchParams.get('after') === 'cursor-20';
      const numbers = second ? [21, 22, 23] : Array.from({ length: 20 }, (_, i) => i + 1);
      return { status: 200, body: { posts: numbers.map(post), total: 23, nextCursor: second ? null : 'cursor-20' } };
    }
    if (url.pathname === `/api/forum/posts/${GONE}`)
      return { status: 404, body: { error: 'Post not found', fields: {} } };
    if (url.pathname === `/api/forum/posts/${MINE}` && request.method === 'PATCH')
      return { status: 200, body: { id: MINE, crisisResources: false } };
    if (url.pathname === `/api/forum/posts/${MINE}`)
      return {
        status: 200,
        body: {
          post: { ...post(8), isOwn: true, editedAt: '2026-11-23T12:00:00.000Z' },
          replies: [],
          reactions: { post: { ...NO_REACTIONS, reactors: [{ kind: 'strength', name: 'Alex' }] }, replies: {} },
        },
      };
    if (url.pathname === `/api/forum/posts/${DELETED}`)
      return {
        status: 200,
        body: {
          post: {
            ...post(9),
            isDeleted: true,
            title: '',
            content: '',
            userId: null,
            userName: null,
            user: null,
            replyCount: 1,
          },
          replies: [reply],
          reactions: {
            post: NO_REACTIONS,
            replies: { [reply.id]: { ...NO_REACTIONS, counts: { 'hear-you': 2, 'been-there': 0, strength: 0 } } },
          },
        },
      };
    if (url.pathname.startsWith('/api/forum/posts/'))
      return {
        status: 200,
        body: {
          post: post(Number(url.pathname.slice(-12))),
          replies: [],
          reactions: { post: NO_REACTIONS, replies: {} },
        },
      };
    return { status: 503, body: { error: 'Not in this test', fields: {} } };
  });
}

describe('the Campfire board (issue 26)', () => {
  it('shows 20 posts and the total, and the next 20 on "Load more"', async () => {
    const seen = answerTheBoard();
    const user = userEvent.setup();
    renderRoutes(routes, '/member/forum');
    expect(await screen.findByRole('article', { name: 'Evening number 20' })).toBeInTheDocument();
    expect(screen.getByText('Showing 20 of 23 discussions')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Evening number 21' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Evening number 23' })).toBeInTheDocument();
    expect(screen.getByText('All 23 discussions shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(seen.some((request) => request.path.includes('after=cursor-20'))).toBe(true);
  });

  it('opens a post at its own URL, and Back returns to the list with every page still loaded', async () => {
    answerTheBoard();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/member/forum');
    await user.click(
      within(await screen.findByRole('article', { name: 'Evening number 3' })).getByRole('button', {
        name: /Evening number 3/,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/member/forum/posts/${post(3).id}`));
    expect(await screen.findByRole('heading', { level: 2, name: 'Evening number 3' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Forum' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/forum'));
    expect(screen.getByRole('article', { name: 'Evening number 20' })).toBeVisible();
  });

  it('answers a link to a hidden or deleted post with a clear sentence', async () => {
    answerTheBoard();
    renderRoutes(routes, `/member/forum/posts/${GONE}`);
    expect(await screen.findByText('This post is no longer available.')).toBeInTheDocument();
  });

  it('searches the board once the member pauses typing, and shows the results alone', async () => {
    const seen = answerTheBoard();
    const user = userEvent.setup();
    renderRoutes(routes, '/member/forum');
    await screen.findByRole('article', { name: 'Evening number 20' });
    await user.type(screen.getByRole('searchbox', { name: 'Search discussions' }), 'father');
    expect(await screen.findByRole('heading', { name: 'Results for “father”' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Found: father' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Evening number 20' })).not.toBeInTheDocument();
    expect(screen.getByText('All 1 discussion shown')).toBeInTheDocument();
    expect(
      seen
        .filter((request) => request.path.startsWith('/api/forum/search'))
        .map((request) => new URL(request.path, 'http://app').searchParams.get('q')),
    ).toEqual(['father']);
  });

  it('lets the author edit his post under the board rules, marked edited', async () => {
    const seen = answerTheBoard();
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, `/member/forum/posts/${MINE}`);
    expect(await screen.findByText('(edited)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit your post' }));
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Hi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Title must be at least 5 characters')).toBeInTheDocument();
    await user.type(title, ' there, brothers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'PATCH')).toBe(true));
    expect(seen.find((request) => request.method === 'PATCH')).toMatchObject({
      path: `/api/forum/posts/${MINE}`,
      body: { title: 'Hi there, brothers', content: 'Words long enough to be a post.' },
    });
  });

  it('shows a deleted post as "Deleted by its author", its replies kept', async () => {
    answerTheBoard();
    renderRoutes(routes, `/member/forum/posts/${DELETED}`);
    expect(await screen.findByRole('heading', { name: 'Deleted by its author' })).toBeInTheDocument();
    expect(screen.getByText('A reply that stays.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('shows support reactions with their counts, gives one on a tap, and shows the author who reacted', async () => {
    const seen = answerTheBoard();
    const user = userEvent.setup();
    renderRoutes(routes, `/member/forum/posts/${DELETED}`);
    const replyReactions = await screen.findByRole('button', { name: 'I hear you · 2' });
    await user.click(replyReactions);
    await waitFor(() => expect(seen.some((request) => request.path.endsWith('/reactions'))).toBe(true));
    expect(seen.find((request) => request.path.endsWith('/reactions'))).toMatchObject({
      method: 'POST',
      path: `/api/forum/posts/${DELETED}/replies/${reply.id}/reactions`,
      body: { kind: 'hear-you', isAnonymous: false },
    });
  });

  it("names who reacted to the author's own post", async () => {
    answerTheBoard();
    renderRoutes(routes, `/member/forum/posts/${MINE}`);
    expect(await screen.findByText('Alex (Strength)')).toBeInTheDocument();
  });
});
