import { setTimeout as sleep } from 'node:timers/promises';
import type { Position } from '@reflections/contracts/position';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { isDependencyUnavailable } from '@reflections/platform/http/dependency-unavailable';
import { type Failure, sqlStateOf } from './parked-events';

/** How often a failed batch is tried again before its events are tried one by one, and how long between tries. */
export type RetryPolicy = { readonly attempts: number; readonly firstDelayMs: number; readonly maxDelayMs: number };

/** About 1.5 s of retries: a deadlock or a lock timeout passes; an event that cannot be applied does not. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, firstDelayMs: 100, maxDelayMs: 5_000 };

export type ApplyOrPark = {
  /** Applies events and moves the projector to `upTo`, all in one transaction of its own (or savepoint). */
  readonly apply: (events: readonly RecordedEvent[], upTo: Position) => Promise<void>;
  /** Records a failure and moves the projector past its event, in one transaction. */
  readonly park: (failure: Failure) => Promise<void>;
  readonly retry: RetryPolicy;
  /** Told of every failed try (not of unavailable databases, which the caller hears of as a throw). */
  readonly onFailedAttempt?: (error: unknown) => void;
  /** Told of every parked event once it is recorded. */
  readonly onParked?: (failure: Failure) => void;
  /** Gives up at once (rethrowing) when the caller is stopping. */
  readonly stopping?: () => boolean;
};

/**
 * The database struggling rather than the event being wrong: insufficient resources such as
 * a full disk (53), a cancelled statement or a shutdown (57), a system error (58), a
 * serialization failure, a deadlock or a lock not granted.
 */
const NOT_THE_EVENTS_FAULT = /^(5[378]...|40001|40P01|55P03)$/;

/** Errors that say nothing about the events: they are rethrown (the caller retries until they pass), never parked. */
function mustRethrow(error: unknown, options: ApplyOrPark, passThrough: (error: unknown) => boolean): boolean {
  return (
    options.stopping?.() === true ||
    isDependencyUnavailable(error) ||
    NOT_THE_EVENTS_FAULT.test(sqlStateOf(error) ?? '') ||
    passThrough(error)
  );
}

/**
 * Applies a batch of events; when that fails, tries again with growing backoff a bounded
 * number of times, then applies the events one at a time and parks each that still fails,
 * so that one event the projector cannot apply never stops it (EventStoreDB's parked
 * messages, Marten's dead-letter events). A lost connection, a database that is down or
 * struggling is rethrown at once, whatever the attempt: parking then would park every
 * event; the caller starts again from its checkpoint until it passes. Each attempt
 * runs in a fresh transaction, so per-batch buffers (keyed by its EntityManager) start empty.
 * `passThrough` names other errors to rethrow (a checkpoint moved by someone else).
 */
export async function applyOrPark(
  events: readonly RecordedEvent[],
  upTo: Position,
  options: ApplyOrPark,
  passThrough: (error: unknown) => boolean = () => false,
): Promise<void> {
  let firstFailedAt: Date | null = null;
  let lastError: unknown;
  let attempt = 0;
  while (attempt < options.retry.attempts) {
    if (attempt > 0) {
      await sleep(Math.min(options.retry.firstDelayMs * 2 ** (attempt - 1), options.retry.maxDelayMs));
      if (options.stopping?.()) throw lastError;
    }
    attempt += 1;
    try {
      return await options.apply(events, upTo);
    } catch (error) {
      if (mustRethrow(error, options, passThrough)) throw error;
      firstFailedAt ??= new Date();
      lastError = error;
      options.onFailedAttempt?.(error);
    }
  }
  const failedAt = firstFailedAt ?? new Date();
  if (events.length === 1)
    await parkOne({ event: events[0], error: lastError, attempts: attempt, firstFailedAt: failedAt }, options);
  else
    for (const event of events) {
      try {
        await options.apply([event], event.position);
      } catch (error) {
        if (mustRethrow(error, options, passThrough)) throw error;
        options.onFailedAttempt?.(error);
        await parkOne({ event, error, attempts: attempt + 1, firstFailedAt: failedAt }, options);
      }
    }
  // The batch may reach past its last event (events of other types the projector does not read).
  await options.apply([], upTo);
}

async function parkOne(failure: Failure, options: ApplyOrPark) {
  await options.park(failure);
  options.onParked?.(failure);
}
