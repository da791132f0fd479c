import pino, { type DestinationStream, type Logger } from 'pino';
import { safeError } from './safe-error';

export type { Logger };

/**
 * Whatever a caller hands the logger, these never reach the log: a member's words travel in
 * bodies, and secrets in passwords, tokens and cookies (docs/architecture.md#the-pieces: logs carry the request id
 * and what failed, never a member's words).
 */
const REDACTED = [
  'password',
  'passwordHash',
  'token',
  'cookie',
  'authorization',
  'body',
  'parameters',
  'params',
  'values',
  'where',
  'detail',
  'hint',
];
const REDACT_PATHS = [
  ...REDACTED,
  ...REDACTED.map((key) => `*.${key}`),
  'req.headers.cookie',
  'req.headers.authorization',
];

/**
 * A JSON logger (pino) with the redactions above; an error logged as `err` keeps only its
 * safe fields (see safe-error.ts). Tests pass their own destination to read what was written.
 */
export function createLogger(options: { destination?: DestinationStream; level?: string } = {}): Logger {
  const settings = {
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: safeError },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** The process's logger, on stdout. */
export const logger = createLogger();
