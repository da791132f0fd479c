import { randomUUID } from 'node:crypto';
import { currentSchemaVersion } from '@reflections/contracts/event-schemas';
import type { EventToAppend } from '@reflections/platform/event-store/event-store';

/** A forum event as the command side appends it, with today's schema version. */
export const forumEvent = (type: string, data: Record<string, unknown>): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata: { causedBy: null, correlationId: randomUUID(), schemaVersion: currentSchemaVersion(type) },
});
