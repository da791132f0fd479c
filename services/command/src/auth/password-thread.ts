import { scryptSync } from 'node:crypto';
import { nameThisThread } from '@reflections/platform/process/thread-name';
import type { ScryptTask } from './scrypt-task';

/**
 * One of the password hashing threads (a piscina worker at a lower CPU priority, see
 * password.ts). The hash runs synchronously on this thread, not on libuv's pool, so that
 * the priority this thread was given is the one the hash runs at.
 */
nameThisThread('passwords');

export default function scrypt({ password, salt, keyLength, params }: ScryptTask): Buffer {
  return scryptSync(password, salt, keyLength, params);
}
