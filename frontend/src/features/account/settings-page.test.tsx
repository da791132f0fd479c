import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@reflections/contracts/identity';
import { SETTINGS_MESSAGES } from '@reflections/contracts/settings';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import SettingsPage from './settings-page';

const member = {
  id: 'u1',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: '',
  role: 'member',
  membershipType: 'free',
  archetype: 'warrior',
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('settings page', () => {
  it('checks a new email with the server’s codec, then shows the server’s refusal of a wrong password at its field', async () => {
    const seen = answerFetch((request) => {
      if (request.path === '/api/auth/user') return { status: 200, body: member };
      return {
        status: 400,
        body: {
          error: SETTINGS_MESSAGES.currentPasswordWrong,
          fields: { currentPassword: SETTINGS_MESSAGES.currentPasswordWrong },
        },
      };
    });
    renderScreen(<SettingsPage />);
    expect(await screen.findByText(/You sign in with sam@example.com/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(screen.getByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/api/me/email')).toBe(false);

    await user.clear(screen.getByLabelText('New email'));
    await user.type(screen.getByLabelText('New email'), 'new@example.com');
    await user.type(screen.getAllByLabelText('Current password')[0], 'not-it');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/api/me/email')?.body).toEqual({
      email: 'new@example.com',
      currentPassword: 'not-it',
    });
  });

  it('changes the first name and says so', async () => {
    const seen = answerFetch((request) =>
      request.path === '/api/auth/user'
        ? { status: 200, body: member }
        : { status: 200, body: { email: member.email, firstName: 'Jonah' } },
    );
    renderScreen(<SettingsPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Jonah');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name is changed.')).toBeInTheDocument();
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/api/me/first-name')?.body).toEqual({ firstName: 'Jonah' }),
    );
  });

  it('offers the theme, sign out everywhere and the download of his data', () => {
    answerFetch(() => ({ status: 200, body: member }));
    renderScreen(<SettingsPage />);
    expect(screen.getByRole('button', { name: 'Dark mode' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Download my data' })).toBeInTheDocument();
  });

  it('deletes the account only with DELETE typed out, says what goes and what stays, and leaves him signed out on the home page', async () => {
    const seen = answerFetch((request) => {
      if (request.path === '/api/auth/user') return { status: 200, body: member };
      return { status: 200, body: { erased: true } };
    });
    renderScreen(<SettingsPage />);
    expect(screen.getByRole('heading', { name: 'Delete your account' })).toBeInTheDocument();
    expect(screen.getByText(/cannot be undone/)).toBeInTheDocument();
    expect(screen.getByText(/"Deleted member"/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your password'), 'steady-breath');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByText(SETTINGS_MESSAGES.confirmDelete)).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/api/me')).toBe(false);

    await user.clear(screen.getByLabelText('Type DELETE to confirm'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/api/me')).toMatchObject({
        method: 'DELETE',
        body: { password: 'steady-breath', confirm: 'DELETE' },
      }),
    );
    expect((await screen.findAllByText(/Your account is deleted/)).length).toBeGreaterThan(0);
  });
});
