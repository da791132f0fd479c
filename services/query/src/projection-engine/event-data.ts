import type * as t from 'io-ts';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';

/**
 * Reads an event's payload through its contract; a stored event that does not match is a bug, not input.
 * A payload that already has the contract's type is read as it is: `is` allocates nothing,
 * where `decode` builds a result for every field, which on a replay was about a tenth of
 * Node's CPU (docs/performance.md). Only one that does not is decoded, for the error (or
 * for a codec that converts what it reads).
 */
export function dataOf<A extends { type: string; data: unknown }>(
  codec: Pick<t.Type<A, unknown, unknown>, 'is' | 'decode'>,
  event: RecordedEvent,
): A['data'] {
  const value = { type: event.type, data: event.data };
  if (codec.is(value)) return value.data;
  const decoded = codec.decode(value);
  if (decoded._tag === 'Left') throw new Error(`event ${event.id} (${event.type}) does not match its contract`);
  return decoded.right.data;
}
