import { v5 as uuidv5 } from 'uuid';

/** Fixed namespace of every id Reflections derives; changing it would break idempotency of stored ids. */
const REFLECTIONS_NAMESPACE = '5b0c4a8e-3f57-4d8e-9a51-2f1c6a7d9e30';

/**
 * A UUID derived from its parts (UUID v5), so that a retried command or a redelivered job
 * appends the same event id twice and the event store keeps it once.
 */
export const derivedId = (...parts: readonly string[]): string => uuidv5(parts.join(':'), REFLECTIONS_NAMESPACE);
