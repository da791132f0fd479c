import Keygrip from 'keygrip';
import { LRUCache } from 'lru-cache';

/** About as many signed-in members as the session cache keeps. */
const REMEMBERED_SIGNATURES = 10_000;

/**
 * The keys that sign and check cookies (`app.keys`), as keygrip does, remembering the
 * cookie values whose signatures it has already found good. keygrip checks a signature
 * with three HMACs and 32 random bytes (tsscmp's double-HMAC comparison), about 20 µs
 * on every signed-in request, though a member sends the same session cookie every time.
 *
 * Only signatures keygrip accepted are remembered, for the same value and signature
 * exactly, so nothing that would fail keygrip passes here. A forged signature is never
 * remembered and always goes through keygrip's comparison. The keys do not change
 * while the process runs.
 */
export function rememberingKeygrip(keys: readonly string[]): Keygrip {
  const keygrip = new Keygrip(keys);
  const good = new LRUCache<string, number>({ max: REMEMBERED_SIGNATURES });
  const index = (data: unknown, digest: string): number => {
    const signed = `${String(data)}\u0000${digest}`;
    const remembered = good.get(signed);
    if (remembered !== undefined) return remembered;
    const found = keygrip.index(data, digest);
    if (found >= 0) good.set(signed, found);
    return found;
  };
  return {
    sign: (data) => keygrip.sign(data),
    index,
    verify: (data, digest) => index(data, digest) >= 0,
  };
}
