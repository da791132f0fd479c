import { CONTACT_MESSAGE_UPCASTERS } from './contact';
import type { EventMetadata } from './metadata';
import { USER_REGISTERED_UPCASTERS } from './identity-events';
import { FORUM_MODERATION_HISTORY } from './forum';

/** Turns an event's data of version N into version N + 1. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * Every event type whose schema has changed, with its upcasters in order: version 1 is
 * the original shape, and an event type's current version is one more than its number
 * of upcasters. An event type not listed here is at version 1.
 */
const HISTORY: Readonly<Record<string, readonly Upcaster[]>> = {
  ...FORUM_MODERATION_HISTORY,
  UserRegistered: USER_REGISTERED_UPCASTERS,
  ContactMessageReceived: CONTACT_MESSAGE_UPCASTERS,
};

/** The version an event of this type is written with today. */
export const currentSchemaVersion = (type: string): number => (HISTORY[type]?.length ?? 0) + 1;

/** The metadata every event is written with, by the command service and the AI worker alike. */
export const eventMetadata = (type: string, causedBy: string | null, correlationId: string): EventMetadata => ({
  causedBy,
  correlationId,
  schemaVersion: currentSchemaVersion(type),
});

/**
 * Brings a stored event up to today's shape. Both event-store adapters call it on every
 * event they read, so deciders, projectors and reports only ever see the current shape.
 */
export function upcastEvent<E extends { type: string; data: unknown; metadata: EventMetadata }>(event: E): E {
  const upcasters = HISTORY[event.type];
  const stored = event.metadata?.schemaVersion ?? 1;
  if (!upcasters || stored > upcasters.length) return event;
  let data = event.data as Record<string, unknown>;
  for (const upcast of upcasters.slice(stored - 1)) data = upcast(data);
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: upcasters.length + 1 } };
}
