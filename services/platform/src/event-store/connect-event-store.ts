import { EncryptingEventStore } from './encrypting-event-store';
import type { EventStore } from './event-store';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { MemberKeys } from './member-keys';
import { PostgresEventStore } from './postgres-event-store';

/**
 * EventStoreDB when EVENTSTORE_URL is set, otherwise the PostgreSQL event store in the main
 * database; either way behind the encryption of members' personal data, whose keys live in
 * PostgreSQL (see EncryptingEventStore).
 */
export async function connectEventStore(options: {
  eventStoreUrl: string | null;
  databaseUrl: string;
}): Promise<EventStore> {
  if (!options.databaseUrl)
    throw new Error("DATABASE_URL must be set: members' data keys live in PostgreSQL, with EventStoreDB too");
  const keys = await MemberKeys.connect({ connectionString: options.databaseUrl });
  try {
    const inner = options.eventStoreUrl
      ? await EventStoreDbEventStore.connect({ connectionString: options.eventStoreUrl })
      : await PostgresEventStore.connect({ connectionString: options.databaseUrl });
    return new EncryptingEventStore(inner, keys);
  } catch (error) {
    await keys.close();
    throw error;
  }
}
