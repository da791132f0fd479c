import type { Mail } from '../plumbing/mailer';

/**
 * A mail that tells a member his account changed, sent to the address that can still reach the
 * one who owns it. If someone else made the change (a stolen session with a guessed password),
 * this is how he learns of it. It names no new address and holds no link to act on: nothing in
 * it is worth forwarding or phishing.
 */
const changeNotice = (
  to: string,
  firstName: string,
  notice: { subject: string; whatChanged: string; ifNotYou: string },
): Mail => ({
  to,
  subject: notice.subject,
  text: [
    `Hello ${firstName},`,
    '',
    notice.whatChanged,
    '',
    'If you made this change, there is nothing to do.',
    `If you did not, ${notice.ifNotYou}`,
  ].join('\n'),
});

/** To the old address: the new one signs in from now on. */
export const emailChangedNotice = (to: string, firstName: string): Mail =>
  changeNotice(to, firstName, {
    subject: 'The email address of your Reflections account was changed',
    whatChanged:
      'The email address of your Reflections account was just changed, and this address no longer signs in to it.',
    ifNotYou:
      'someone else may know your password. Write to us through the Contact page of Reflections straight away, from this address, and we will help you get your account back.',
  });

/** To his own address. */
export const passwordChangedNotice = (to: string, firstName: string): Mail =>
  changeNotice(to, firstName, {
    subject: 'The password of your Reflections account was changed',
    whatChanged:
      'The password of your Reflections account was just changed, and every other device signed in to it was signed out.',
    ifNotYou:
      'choose a new password now with "Forgot your password?" on the sign-in page: it sends a link to this address.',
  });
