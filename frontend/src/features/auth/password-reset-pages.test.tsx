import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTINGS_MESSAGES } from '@reflections/contracts/settings';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';

describe('password reset pages', () => {
  it('asks for a link with the email and says the same thing whatever the answer', async () => {
    const seen = answerFetch(() => ({ status: 200, body: { message: SETTINGS_MESSAGES.resetRequested } }));
    renderScreen(<ForgotPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'Sam@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.resetRequested)).toBeInTheDocument();
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/forgot-password',
      body: { email: 'sam@example.com' },
    });
  });

  it('sends the token from the link with the new password, and shows a refused link', async () => {
    const seen = answerFetch(() => ({
      status: 400,
      body: { error: SETTINGS_MESSAGES.resetLinkInvalid, fields: { token: SETTINGS_MESSAGES.resetLinkInvalid } },
    }));
    renderScreen(<ResetPasswordPage />, '/reset-password?token=abc.def');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a quiet new passphrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.resetLinkInvalid)).toBeInTheDocument();
    expect(seen[0]).toMatchObject({
      path: '/api/auth/reset-password',
      body: { token: 'abc.def', newPassword: 'a quiet new passphrase' },
    });
  });

  it('says so when the link has no token', () => {
    renderScreen(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByText(SETTINGS_MESSAGES.resetLinkMissing)).toBeInTheDocument();
  });
});
