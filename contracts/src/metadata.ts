import * as t from 'io-ts';

/** Carried by every event: who caused it, which request it belongs to, and its schema version. */
export const EventMetadata = t.type({
  causedBy: t.union([t.string, t.null]),
  correlationId: t.string,
  schemaVersion: t.number,
});
export type EventMetadata = t.TypeOf<typeof EventMetadata>;
