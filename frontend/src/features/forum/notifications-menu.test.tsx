import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderRoutes } from '../../../test/render';
import { NotificationsMenu } from './notifications-menu';

const POST = '00000000-0000-4000-8000-000000000001';
const named = {
  id: '00000000-0000-4000-8000-00000000000a',
  postId: POST,
  board: 'campfire',
  postTitle: 'Learning to ask',
  kind: 'reply-to-your-post',
  replierName: 'Alex',
  createdAt: '2026-11-25T10:00:00.000Z',
  read: false,
};
const anonymous = {
  ...named,
  id: '00000000-0000-4000-8000-00000000000b',
  kind: 'reply-in-your-thread',
  replierName: null,
  read: true,
};

/** Issue 26: the bell in the member bar. */
describe('the notifications menu', () => {
  it('counts the unread, never names an anonymous replier, and marks a notification read as it opens its post', async () => {
    const user = userEvent.setup();
    const requests = answerFetch((request) => {
      if (request.path === '/api/forum/notifications')
        return { status: 200, body: { unread: 1, notifications: [named, anonymous] } };
      if (request.path === '/api/forum/notifications/read') return { status: 200, body: { read: true } };
      return { status: 200, body: { post: null } };
    });
    const { router } = renderRoutes([{ path: '*', element: <NotificationsMenu /> }], '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(screen.getByRole('menuitem', { name: /Someone replied in a thread you joined/ })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: /Alex replied to your post \(unread\)/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/member/forum/posts/${POST}`));
    expect(requests.find((request) => request.path === '/api/forum/notifications/read')?.body).toEqual({
      notificationId: named.id,
    });
  });
});
