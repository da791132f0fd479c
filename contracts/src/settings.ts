import * as t from 'io-ts';
import { FirstName, MAX_SIGN_IN_PASSWORD_LENGTH, MESSAGES, NewPassword } from './identity';
import { boundedText, emailAddress, passwordText, withMessage } from './validation';

/** /member/settings and password reset (issue 24). */

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 30;

export const SETTINGS_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'That is not your current password.',
  resetLinkMissing: 'This reset link is incomplete. Please ask for a new one.',
  resetLinkInvalid: 'This reset link has expired or was already used. Please ask for a new one.',
  /** The same answer whether or not the address has an account. */
  confirmDelete: 'Type DELETE to confirm.',
  resetRequested: `If an account uses that address, we have sent it a link to choose a new password. The link works once, for ${RESET_LINK_MINUTES} minutes.`,
} as const;

/** The password he signs in with today: as wide as sign-in accepts, so nobody is locked out of his settings. */
const CurrentPassword = passwordText({
  min: 1,
  max: MAX_SIGN_IN_PASSWORD_LENGTH,
  tooShort: SETTINGS_MESSAGES.currentPasswordRequired,
  tooLong: `Password must be at most ${MAX_SIGN_IN_PASSWORD_LENGTH} characters long.`,
});

/** POST /api/me/first-name */
export const ChangeFirstNameRequest = t.exact(t.type({ firstName: FirstName }));
export type ChangeFirstNameRequest = t.TypeOf<typeof ChangeFirstNameRequest>;

/** POST /api/me/email: confirmed by his password. */
export const ChangeEmailRequest = t.exact(
  t.type({ email: emailAddress(MESSAGES.emailInvalid), currentPassword: CurrentPassword }),
);
export type ChangeEmailRequest = t.TypeOf<typeof ChangeEmailRequest>;

/** POST /api/me/password: every other session of his ends. */
export const ChangePasswordRequest = t.exact(t.type({ currentPassword: CurrentPassword, newPassword: NewPassword }));
export type ChangePasswordRequest = t.TypeOf<typeof ChangePasswordRequest>;

/** DELETE /api/me: his password, and DELETE typed out, so that nobody deletes an account by a slip. */
export const DeleteAccountRequest = t.exact(
  t.type({
    password: CurrentPassword,
    confirm: withMessage(t.literal('DELETE'), SETTINGS_MESSAGES.confirmDelete),
  }),
);
export type DeleteAccountRequest = t.TypeOf<typeof DeleteAccountRequest>;

/** POST /api/auth/forgot-password */
export const ForgotPasswordRequest = t.exact(t.type({ email: emailAddress(MESSAGES.emailInvalid) }));
export type ForgotPasswordRequest = t.TypeOf<typeof ForgotPasswordRequest>;

/** POST /api/auth/reset-password: the token from the link, and the new password. */
export const ResetPasswordRequest = t.exact(
  t.type({
    token: boundedText({
      min: 1,
      max: 200,
      tooShort: SETTINGS_MESSAGES.resetLinkMissing,
      tooLong: SETTINGS_MESSAGES.resetLinkInvalid,
      label: 'Reset link',
      singleLine: true,
    }),
    newPassword: NewPassword,
  }),
);
export type ResetPasswordRequest = t.TypeOf<typeof ResetPasswordRequest>;

/** What a settings change answers: the account as it is now. */
export const SettingsResponse = t.type({ email: t.string, firstName: t.string });
export type SettingsResponse = t.TypeOf<typeof SettingsResponse>;

export const MessageResponse = t.type({ message: t.string });
export type MessageResponse = t.TypeOf<typeof MessageResponse>;
