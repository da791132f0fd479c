import { MESSAGES } from '@reflections/contracts/identity';
import { registrationErrorNotice } from './registration-error';

const failure = (status: number, error: string) => {
  const body = { error, fields: {} };
  return { message: `${status}: ${JSON.stringify(body)}`, data: body };
};

describe('registration error notice', () => {
  it.each([
    [409, MESSAGES.emailTaken, 'Email Already in Use', 17],
    [400, MESSAGES.passwordTooShort, 'Password Too Short', 18],
    [400, MESSAGES.passwordTooCommon, 'Password Too Common', 18],
    [400, MESSAGES.termsRequired, 'Missing Information', null],
    [400, 'An answer to "How do you identify?" is required', 'Missing Information', null],
    [400, MESSAGES.emailInvalid, 'Invalid Email', 17],
    [503, 'The event store is not reachable', 'Registration Failed', null],
  ])('titles %s "%s" as %s', (status, message, title, step) => {
    expect(registrationErrorNotice(failure(status, message))).toEqual({ title, description: message, step });
  });

  it('matches on the whole message text, so a field named email in the body counts', () => {
    const body = { error: 'Something is off', fields: { email: 'Something is off' } };
    expect(registrationErrorNotice({ message: `400: ${JSON.stringify(body)}`, data: body }).title).toBe(
      'Invalid Email',
    );
  });

  it('shows a plain-text body, or the message itself when there is no body', () => {
    expect(registrationErrorNotice({ message: '502: Bad Gateway', data: 'Bad Gateway' })).toEqual({
      title: 'Registration Failed',
      description: 'Bad Gateway',
      step: null,
    });
    expect(registrationErrorNotice({ message: 'Failed to fetch', data: null }).description).toBe('Failed to fetch');
  });
});
