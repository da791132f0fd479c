import { EventStoreUnavailableError } from '../event-store/event-store';

/** Seconds a client is asked to wait before retrying when the database or event store is out of reach. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot
 * connect now) and 53300 (too many connections): the database is out of reach, not wrong.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNREACHABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and its pool say so in words only. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed and is not queryable/;

/** Errors are read by their fields: Node's own come from another realm under jest, where `instanceof Error` fails. */
type ErrorFields = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  sqlState?: unknown;
  cause?: unknown;
  errors?: unknown;
};

function unavailableHere(error: ErrorFields): boolean {
  if (error instanceof EventStoreUnavailableError) return true;
  const state = typeof error.sqlState === 'string' ? error.sqlState : typeof error.code === 'string' ? error.code : '';
  return (
    UNAVAILABLE_SQLSTATE.test(state) ||
    UNREACHABLE_SOCKET.has(state) ||
    // MikroORM's wrapper for every connection failure.
    error.name === 'ConnectionException' ||
    (typeof error.message === 'string' && UNREACHABLE_MESSAGE.test(error.message.split('\n')[0]))
  );
}

/** A lost database connection or an unavailable event store, here or anywhere down the error's causes. */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const fields = current as ErrorFields;
    if (unavailableHere(fields)) return true;
    // A connection to a host with several addresses fails with one error per address.
    if (
      Array.isArray(fields.errors) &&
      fields.errors.some(
        (inner) => typeof inner === 'object' && inner !== null && unavailableHere(inner as ErrorFields),
      )
    )
      return true;
    current = fields.cause;
  }
  return false;
}
