import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes passwords asked for at once, more than hash at a time, each verifiable against its own hash only', async () => {
    const passwords = Array.from({ length: 6 }, (_, i) => `correct horse battery ${i}`);
    const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
    expect(new Set(hashes).size).toBe(passwords.length);
    const verdicts = await Promise.all(
      passwords.flatMap((password, i) => [
        verifyPassword(password, hashes[i]),
        verifyPassword(password, hashes[(i + 1) % 6]),
      ]),
    );
    expect(verdicts).toEqual(passwords.flatMap(() => [true, false]));
  });

  it('hashes again after a hash failed', async () => {
    // A key length scrypt refuses: the failure must hand its turn on.
    await expect(verifyPassword('x', 'scrypt$16384$8$1$AAAA$')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$3$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA')).rejects.toThrow();
    const hash = await hashPassword('after a failure');
    await expect(verifyPassword('after a failure', hash)).resolves.toBe(true);
  });
});
