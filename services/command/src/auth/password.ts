import os from 'node:os';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { Piscina } from 'piscina';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import { threadEntry, tsxExecArgv } from '@reflections/platform/process/typescript-worker';
import type { ScryptTask } from './scrypt-task';

const scryptHere = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptTask['params'],
) => Promise<Buffer>;

/**
 * scrypt with N=2^15 (about 32 MiB per hash): memory-hard (docs/architecture.md#the-pieces, Identity). The test
 * run lowers N through SCRYPT_LOG_N to keep hundreds of registrations quick; each hash
 * records its own N, so verification never depends on the setting.
 */
const LOG_N = Math.min(20, Math.max(10, Number(process.env.SCRYPT_LOG_N) || 15));
const PARAMS = { N: 2 ** LOG_N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const KEY_LENGTH = 32;

/**
 * How much lower than the process the hashing threads run (nice). A hash is 50-100 ms of
 * CPU that a member waits for once, at sign-up or sign-in; a read is a few milliseconds that
 * every member waits for all the time. When registrations come in a burst on a small
 * machine, the hashes queue behind the reads instead of the reads behind the hashes; on an
 * idle core a hash runs at full speed. Linux only (through piscina's `niceIncrement`);
 * elsewhere the threads run at the process's priority.
 */
const NICE_INCREMENT = 10;

let pool: Piscina<ScryptTask, Uint8Array> | null = null;
/** Once a hashing thread has failed to start or died, hashes run on libuv's pool, as before the threads. */
let threadsFailed = false;

function hashingThreads(): Piscina<ScryptTask, Uint8Array> {
  pool ??= new Piscina<ScryptTask, Uint8Array>({
    filename: threadEntry(__dirname, 'password-thread'),
    // As many at once as libuv's pool ran before (4), or one per core where there are more.
    maxThreads: Math.max(4, os.availableParallelism()),
    // Threads start when hashes are asked for and end after a quiet half minute (a first
    // sign-in after that waits for one to start, tens of milliseconds beside its hash).
    minThreads: 0,
    idleTimeout: 30_000,
    niceIncrement: NICE_INCREMENT,
    execArgv: tsxExecArgv(),
  });
  return pool;
}

async function scrypt(task: ScryptTask): Promise<Buffer> {
  if (threadsFailed) return scryptHere(task.password, task.salt, task.keyLength, task.params);
  try {
    return Buffer.from(await hashingThreads().run(task));
  } catch (error) {
    // The same hash here tells a thread that failed from an input scrypt refuses (which throws again).
    const key = await scryptHere(task.password, task.salt, task.keyLength, task.params);
    threadsFailed = true;
    logger.error({ err: safeError(error) }, 'password hashing thread failed; hashing on libuv’s pool from now on');
    return key;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt({ password, salt, keyLength: KEY_LENGTH, params: PARAMS });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt({
    password,
    salt: Buffer.from(salt, 'base64'),
    keyLength: expected.length,
    params: { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem },
  });
  return timingSafeEqual(actual, expected);
}

/** Compared against when the email is unknown, so a wrong email takes as long as a wrong password. */
export const UNKNOWN_USER_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
