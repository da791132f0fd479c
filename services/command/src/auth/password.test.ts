import fs from 'node:fs';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from './password';

/** A thread's nice value from its /proc stat line (field 19; fields after the name's closing parenthesis start at 3). */
function niceOf(statPath: string): number {
  const stat = fs.readFileSync(statPath, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice value of each of this process's threads named `name` (Linux's /proc). */
function niceOfThreads(name: string): number[] {
  return fs
    .readdirSync('/proc/self/task')
    .filter((tid) => fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === name)
    .map((tid) => niceOf(`/proc/self/task/${tid}/stat`));
}

describe('password hashing', () => {
  it('verifies the password a hash was made from, and no other', async () => {
    const stored = await hashPassword('steady-breath');
    expect(stored).toMatch(/^scrypt\$\d+\$8\$1\$/);
    await expect(verifyPassword('steady-breath', stored)).resolves.toBe(true);
    await expect(verifyPassword('steady-breatH', stored)).resolves.toBe(false);
  });

  it('answers false for a stored value that is not a hash of ours', async () => {
    await expect(verifyPassword('anything', UNKNOWN_USER_HASH)).resolves.toBe(false);
    await expect(verifyPassword('anything', 'md5$abc')).resolves.toBe(false);
  });

  it('hashes on threads that run below the process priority, so reads are not queued behind a burst of sign-ups', async () => {
    await Promise.all(['one', 'two', 'three'].map((password) => hashPassword(password)));
    if (process.platform !== 'linux') return;
    const nice = niceOfThreads('passwords');
    expect(nice.length).toBeGreaterThan(0);
    const processNice = niceOf('/proc/thread-self/stat');
    for (const value of nice) expect(value).toBe(Math.min(19, processNice + 10));
  });
});
