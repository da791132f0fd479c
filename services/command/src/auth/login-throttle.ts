import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitStore } from '@reflections/platform/http/rate-limit-store';
import { tooManyRequests, waitInWords } from '@reflections/platform/http/rate-limit';

export type LoginLimits = {
  /** Wrong passwords for one account from one address within 15 minutes before that pair is blocked. */
  failuresPerAccountAddress: number;
  /** Wrong passwords from one address within an hour, whatever the accounts. */
  failuresPerAddress: number;
  /** Wrong passwords for one account within a day, from addresses it has never signed in from. */
  failuresPerAccount: number;
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The first block of an account+address pair; each further one within a day is twice as long, up to a day. */
const FIRST_BLOCK_SECONDS = 15 * MINUTE;
/** How long an address that signed in to an account stays its "usual" one. */
const FAMILIAR_SECONDS = 90 * DAY;

const blocked = (limiter: RateLimiterPostgres, state: RateLimiterRes | null) =>
  state !== null && state.consumedPoints >= limiter.points;

/**
 * Guesses at passwords, counted in PostgreSQL so every command process sees them:
 * - per account and address: after `failuresPerAccountAddress` failures in 15 minutes the
 *   pair is blocked for 15 minutes, then 30, 60, ... (doubling within a day, at most a day);
 * - per address: `failuresPerAddress` failures an hour over all accounts (one address
 *   trying many accounts), then blocked for the rest of that hour;
 * - per account: `failuresPerAccount` failures a day from unfamiliar addresses (many
 *   addresses trying one account), then those addresses are refused for the rest of the day.
 * An address that signed in to the account with its password is familiar for 90 days and
 * is exempt from the per-account limit, so a stranger's failures elsewhere never lock the
 * owner out where he usually signs in. Unknown emails are counted like known ones, so the
 * answers reveal nothing about which accounts exist. Emails are keyed by a hash: the
 * counters never hold one.
 */
export class LoginThrottle {
  private readonly pair: RateLimiterPostgres;
  private readonly pairBlocks: RateLimiterPostgres;
  private readonly address: RateLimiterPostgres;
  private readonly account: RateLimiterPostgres;
  private readonly familiar: RateLimiterPostgres;

  constructor(store: RateLimitStore, limits: LoginLimits) {
    this.pair = store.limiter({
      name: 'login-pair',
      points: limits.failuresPerAccountAddress,
      durationSeconds: 15 * MINUTE,
    });
    this.pairBlocks = store.limiter({ name: 'login-pair-blocks', points: 1_000, durationSeconds: DAY });
    this.address = store.limiter({ name: 'login-address', points: limits.failuresPerAddress, durationSeconds: HOUR });
    this.account = store.limiter({ name: 'login-account', points: limits.failuresPerAccount, durationSeconds: DAY });
    this.familiar = store.limiter({ name: 'login-familiar', points: 1, durationSeconds: FAMILIAR_SECONDS });
  }

  /** Throws a 429 (with Retry-After) when this sign-in may not even be tried. */
  async check(ctx: Context, email: string): Promise<void> {
    const keys = keysOf(ctx, email);
    const [pair, address, account, familiar] = await Promise.all([
      this.pair.get(keys.pair),
      this.address.get(keys.address),
      this.account.get(keys.account),
      this.familiar.get(keys.pair),
    ]);
    const waits = [
      blocked(this.pair, pair) ? pair!.msBeforeNext : 0,
      blocked(this.address, address) ? address!.msBeforeNext : 0,
      familiar === null && blocked(this.account, account) ? account!.msBeforeNext : 0,
    ];
    const wait = Math.max(...waits);
    if (wait > 0)
      throw tooManyRequests(ctx, wait, `Too many sign-in attempts. Please wait ${waitInWords(wait)} and try again.`);
  }

  /** Counts a wrong password (or an unknown email); the failure that fills the pair's quota blocks it. */
  async failed(ctx: Context, email: string): Promise<void> {
    const keys = keysOf(ctx, email);
    const [pair] = await Promise.all([
      this.pair.penalty(keys.pair),
      this.address.penalty(keys.address),
      this.account.penalty(keys.account),
    ]);
    if (pair.consumedPoints < this.pair.points) return;
    const { consumedPoints: blocks } = await this.pairBlocks.penalty(keys.pair);
    await this.pair.block(keys.pair, Math.min(DAY, FIRST_BLOCK_SECONDS * 2 ** Math.min(blocks - 1, 10)));
  }

  /** A right password: the pair starts afresh, and the address becomes familiar to the account. */
  async succeeded(ctx: Context, email: string): Promise<void> {
    const keys = keysOf(ctx, email);
    await Promise.all([
      this.pair.delete(keys.pair),
      this.pairBlocks.delete(keys.pair),
      this.familiar.set(keys.pair, 1, FAMILIAR_SECONDS),
    ]);
  }
}

function keysOf(ctx: Context, email: string) {
  const account = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
  return { account, address: ctx.ip, pair: `${account}|${ctx.ip}` };
}
