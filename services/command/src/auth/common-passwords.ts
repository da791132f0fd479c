import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES } from '@reflections/contracts/identity';
import { errorBody } from '@reflections/contracts/validation';
import { HttpError } from '@reflections/platform/http/http-error';

/**
 * The ~49,000 most common passwords of zxcvbn-ts's list (from leaked-password corpora),
 * 42,000 of them six characters or longer. Kept on the server only: the list is far too
 * large for the SPA's bundle, which shows the server's message instead.
 */
let common: Set<string> | null = null;

/** One character over and over ("aaaaaa", "111111"): common in every form, listed or not. */
const ONE_CHARACTER_REPEATED = /^(.)\1*$/su;

/** Whether a password is among the most common ones, compared without regard to case or surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  const normalized = password.trim().toLowerCase();
  return ONE_CHARACTER_REPEATED.test(normalized) || common.has(normalized);
}

/** A 400 naming `field` for a common password: at registration, in settings, through a reset link. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw new HttpError(400, errorBody(MESSAGES.passwordTooCommon, { [field]: MESSAGES.passwordTooCommon }));
}
