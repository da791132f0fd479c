import Keygrip from 'keygrip';
import { rememberingKeygrip } from './remembering-keygrip';

describe('the keys that sign and check session cookies', () => {
  const keys = ['current-key', 'previous-key'];
  const value = 'reflections.sid=7f0c3c1e-session-id';

  it('signs exactly as keygrip does', () => {
    expect(rememberingKeygrip(keys).sign(value)).toBe(new Keygrip(keys).sign(value));
  });

  it('accepts a good signature every time, and names the key that made it', () => {
    const checked = rememberingKeygrip(keys);
    const byCurrent = new Keygrip(keys).sign(value);
    const byPrevious = new Keygrip(['previous-key']).sign(value);
    for (let i = 0; i < 3; i++) {
      expect(checked.index(value, byCurrent)).toBe(0);
      expect(checked.verify(value, byCurrent)).toBe(true);
      // An older key's signature is still good, and its index tells cookies to sign again.
      expect(checked.index(value, byPrevious)).toBe(1);
    }
  });

  it('refuses a forged signature, before and after the good one for the same value was accepted', () => {
    const checked = rememberingKeygrip(keys);
    const good = checked.sign(value);
    const forged = new Keygrip(['an attacker key']).sign(value);
    expect(checked.index(value, forged)).toBe(-1);
    expect(checked.index(value, good)).toBe(0);
    expect(checked.index(value, forged)).toBe(-1);
    expect(checked.verify(value, forged)).toBe(false);
    // A good signature does not vouch for another value.
    expect(checked.index(`${value}x`, good)).toBe(-1);
    expect(checked.index(value, `${good}x`)).toBe(-1);
  });
});
