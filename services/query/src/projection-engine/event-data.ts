import type * as t from 'io-ts';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';

/** Reads an event's payload through its contract; a stored event that does not match is a bug, not input. */
export function dataOf<A extends { type: string; data: unknown }>(
  codec: t.Decoder<unknown, A>,
  event: RecordedEvent,
): A['data'] {
  const decoded = codec.decode({ type: event.type, data: event.data });
  if (decoded._tag === 'Left') throw new Error(`event ${event.id} (${event.type}) does not match its contract`);
  return decoded.right.data;
}
