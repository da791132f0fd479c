import type { Context, Middleware } from 'koa';
import { rateLimit } from '@reflections/platform/http/rate-limit';
import type { RateLimitStore } from '@reflections/platform/http/rate-limit-store';
import { waitInWords } from '@reflections/platform/http/rate-limit';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import { type LoginLimits, LoginThrottle } from '../auth/login-throttle';
import { emailStreamFor } from '../auth/identity-store';

/** Every limit of the command service; each from its environment variable (docs/operations.md#configuration). */
export type RateLimitSettings = LoginLimits & {
  registrationsPerAddressPerHour: number;
  contactMessagesPerAddressPerHour: number;
  raiRequestsPerMemberPerMinute: number;
  raiRequestsPerMemberPerDay: number;
  passwordResetsPerAddressPerHour: number;
  passwordResetsPerAccountPerHour: number;
};

const VARIABLES: Record<keyof RateLimitSettings, [variable: string, fallback: number]> = {
  failuresPerAccountAddress: ['LOGIN_FAILURE_LIMIT', 10],
  failuresPerAddress: ['LOGIN_ADDRESS_FAILURE_LIMIT', 30],
  failuresPerAccount: ['LOGIN_ACCOUNT_FAILURE_LIMIT', 100],
  registrationsPerAddressPerHour: ['REGISTRATION_LIMIT', 10],
  contactMessagesPerAddressPerHour: ['CONTACT_LIMIT', 5],
  raiRequestsPerMemberPerMinute: ['RAI_LIMIT_PER_MINUTE', 10],
  raiRequestsPerMemberPerDay: ['RAI_LIMIT_PER_DAY', 200],
  passwordResetsPerAddressPerHour: ['PASSWORD_RESET_LIMIT', 10],
  passwordResetsPerAccountPerHour: ['PASSWORD_RESET_ACCOUNT_LIMIT', 3],
};

export function readRateLimits(env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  const entries = Object.entries(VARIABLES).map(([setting, [variable, fallback]]) => {
    const value = Number(env[variable]);
    return [setting, env[variable] && Number.isInteger(value) && value > 0 ? value : fallback];
  });
  return Object.fromEntries(entries) as RateLimitSettings;
}

/**
 * Lifts every limit not set in `env` out of reach, for the tests and benchmarks that register,
 * sign in and ask RAI by the thousand from one address. Child processes inherit it.
 */
export function liftRateLimits(env: NodeJS.ProcessEnv = process.env): void {
  for (const [variable] of Object.values(VARIABLES)) env[variable] ||= '1000000000';
}

export type CommandRateLimits = {
  login: LoginThrottle;
  registration: Middleware;
  contact: Middleware;
  rai: Middleware;
  /** Reset links asked for, per address and per account (issue 24); unknown emails count like known ones. */
  passwordReset: (ctx: Context, email: string) => Promise<void>;
};

const HOUR = 60 * 60;

const byAddress = (ctx: { ip: string }) => ctx.ip;

export function commandRateLimits(store: RateLimitStore, settings: RateLimitSettings): CommandRateLimits {
  const resetMessage = (ms: number) =>
    `Too many requests for a reset link. Please wait ${waitInWords(ms)} and try again.`;
  const resetsByAddress = rateLimit({
    key: byAddress,
    quotas: [
      {
        limiter: store.limiter({
          name: 'password-reset-address',
          points: settings.passwordResetsPerAddressPerHour,
          durationSeconds: HOUR,
        }),
        message: resetMessage,
      },
    ],
  });
  const resetsOfAccount = store.limiter({
    name: 'password-reset-account',
    points: settings.passwordResetsPerAccountPerHour,
    durationSeconds: HOUR,
  });
  const passed = async () => undefined;
  return {
    passwordReset: async (ctx, email) => {
      await resetsByAddress(ctx, passed);
      // Keyed by the address's hash: the counters never hold an email.
      await rateLimit({
        key: () => emailStreamFor(email),
        quotas: [{ limiter: resetsOfAccount, message: resetMessage }],
      })(ctx, passed);
    },
    login: new LoginThrottle(store, settings),
    registration: rateLimit({
      key: byAddress,
      quotas: [
        {
          limiter: store.limiter({
            name: 'registration',
            points: settings.registrationsPerAddressPerHour,
            durationSeconds: HOUR,
          }),
          message: (ms) => `Too many new accounts from this network. Please try again in ${waitInWords(ms)}.`,
        },
      ],
    }),
    contact: rateLimit({
      key: byAddress,
      quotas: [
        {
          limiter: store.limiter({
            name: 'contact',
            points: settings.contactMessagesPerAddressPerHour,
            durationSeconds: HOUR,
          }),
          message: (ms) => `We have your messages. Please wait ${waitInWords(ms)} before sending another.`,
        },
      ],
    }),
    rai: rateLimit({
      key: signedInUserId,
      showRemaining: true,
      quotas: [
        {
          limiter: store.limiter({
            name: 'rai-minute',
            points: settings.raiRequestsPerMemberPerMinute,
            durationSeconds: 60,
          }),
          message: (ms) =>
            `RAI needs a short pause between reflections. Take a breath; you can send again in ${waitInWords(ms)}. Your words are still here.`,
        },
        {
          limiter: store.limiter({
            name: 'rai-day',
            points: settings.raiRequestsPerMemberPerDay,
            durationSeconds: 24 * HOUR,
          }),
          message: (ms) =>
            `You have reflected with RAI a lot today. RAI will be back for you in ${waitInWords(ms)}; your words are still here.`,
        },
      ],
    }),
  };
}
