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
    for (const name of ['Dashboard', 'Reflect', 'Archetype circles', 'First responders', 'Reflections']) expect(drawer.getByRole('link', { name })).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
