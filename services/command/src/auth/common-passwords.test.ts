import { dictionary } from '@zxcvbn-ts/language-common';
import { isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('draws on a list of at least 10,000', () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
  });

  it.each([
    '123456',
    'aaaaaa',
    'password',
    'PASSWORD',
    ' qwerty123 ',
    'letmein',
    'iloveyou',
    '111111111',
    'zzzzzzzzzzzz',
  ])('refuses %p', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['steady-breath', 'campfire-42', 'unmistakable-secret', 'my quiet harbour'])('accepts %p', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
