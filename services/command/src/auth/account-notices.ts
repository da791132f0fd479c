import type { Mail } from '../plumbing/mailer';

/**
 * Mails that tell a member his account changed, sent to the address that can still reach the
 * one who owns it: a change of email to the old address, a change of password to his own. If
 * someone else made the change (a stolen session with a guessed password), this is how he
 * learns of it. Neither names the new address nor holds a link to act on: nothing in it is
 * worth forwarding or phishing.
 */
export const emailChangedNotice = (to: string, firstName: string): Mail => ({
  to,
  subject: 'The email address of your Reflections account was changed',
  text: [
    `Hello ${firstName},`,
    '',
    'The email address of your Reflections account was just changed, and this address no longer signs in to it.',
    '',
    'If you made this change, there is nothing to do.',
    'If you did not, someone else may know your password. Write to us through the Contact page of Reflections straight away, from this address, and we will help you get your account back.',
  ].join('\n'),
});

export const passwordChangedNotice = (to: string, firstName: string): Mail => ({
  to,
  subject: 'The password of your Reflections account was changed',
  text: [
    `Hello ${firstName},`,
    '',
    'The password of your Reflections account was just changed, and every other device signed in to it was signed out.',
    '',
    'If you made this change, there is nothing to do.',
    'If you did not, choose a new password now with "Forgot your password?" on the sign-in page: it sends a link to this address.',
  ].join('\n'),
});
