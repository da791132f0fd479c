import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';

const scryptAtOnce = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * Hashes run at most this many at a time, leaving a core to the event loop, the projector
 * thread and PostgreSQL: each takes tens of ms of a core, and libuv's four threads running
 * four of them on two cores left the main thread 35-45 ms late and a member's read of his
 * own registration waiting behind them (docs/performance.md). The others queue; the
 * hashing itself is unchanged. PASSWORD_HASHES_AT_ONCE sets another number.
 */
const HASHING_AT_ONCE = Number(process.env.PASSWORD_HASHES_AT_ONCE) || Math.max(1, availableParallelism() - 1);
let hashing = 0;
const queued: (() => void)[] = [];

async function scrypt(...args: Parameters<typeof scryptAtOnce>): Promise<Buffer> {
  if (hashing >= HASHING_AT_ONCE) await new Promise<void>((turn) => queued.push(turn));
  else hashing++;
  try {
    return await scryptAtOnce(...args);
  } finally {
    // The turn passes straight to the next in line, so `hashing` stays counted for it.
    const next = queued.shift();
    if (next) next();
    else hashing--;
  }
}

/**
 * scrypt with N=2^15 (about 32 MiB per hash): memory-hard (docs/architecture.md#the-pieces, Identity). The test
 * run lowers N through SCRYPT_LOG_N to keep hundreds of registrations quick; each hash
 * records its own N, so verification never depends on the setting.
 */
const LOG_N = Math.min(20, Math.max(10, Number(process.env.SCRYPT_LOG_N) || 15));
const PARAMS = { N: 2 ** LOG_N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** Compared against when the email is unknown, so a wrong email takes as long as a wrong password. */
export const UNKNOWN_USER_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
