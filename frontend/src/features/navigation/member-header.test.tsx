import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../test/render';
import { MemberHeader } from './member-header';

describe('the member bar', () => {
  it('offers both Campfire boards, the archetype circles first', async () => {
    const user = userEvent.setup();
    renderScreen(<MemberHeader firstName="Sam" onSignOut={() => undefined} signingOut={false} />);
    await user.click(screen.getByRole('button', { name: 'Campfire' }));
    expect(screen.getByRole('link', { name: 'Archetype circles' })).toHaveAttribute('href', '/member/forum');
    expect(screen.getByRole('link', { name: 'First responders' })).toHaveAttribute('href', '/digital-campfire-forum');
  });

  it('signs out and switches the theme from the account menu', async () => {
    const user = userEvent.setup();
    const onSignOut = jest.fn();
    renderScreen(<MemberHeader firstName="Sam" onSignOut={onSignOut} signingOut={false} />);
    await user.click(screen.getByRole('button', { name: 'Sam' }));
    const menu = within(screen.getByRole('menu', { name: 'Account' }));
    expect(menu.getByRole('menuitem', { name: /mode$/ })).toBeInTheDocument();
    await user.click(menu.getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('has one menu button on a phone that opens every member link', async () => {
    const user = userEvent.setup();
    renderScreen(<MemberHeader firstName="Sam" onSignOut={() => undefined} signingOut={false} />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = within(screen.getByRole('navigation', { name: 'Member menu' }));
    for (const name of ['Dashboard', 'Reflect', 'Archetype circles', 'First responders', 'Reflections'])
      expect(drawer.getByRole('link', { name })).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it.each(['/member/forum', '/member/forum/posts/p1', '/digital-campfire-forum', '/digital-campfire-forum/posts/p1'])(
    'marks Campfire as current on %s, and the board it shows',
    async (path) => {
      const user = userEvent.setup();
      renderScreen(<MemberHeader firstName="Sam" onSignOut={() => undefined} signingOut={false} />, path);
      const campfire = screen.getByRole('button', { name: 'Campfire' });
      expect(campfire).toHaveAttribute('aria-current', 'true');
      expect(campfire).toHaveClass('active');
      expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
      await user.click(campfire);
      const board = path.startsWith('/member/forum') ? 'Archetype circles' : 'First responders';
      const other = board === 'Archetype circles' ? 'First responders' : 'Archetype circles';
      expect(screen.getByRole('link', { name: board })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('link', { name: other })).not.toHaveAttribute('aria-current');
    },
  );

  it('does not mark Campfire as current elsewhere', () => {
    renderScreen(<MemberHeader firstName="Sam" onSignOut={() => undefined} signingOut={false} />, '/dashboard');
    expect(screen.getByRole('button', { name: 'Campfire' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });
});
