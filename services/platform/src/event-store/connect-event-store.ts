import type { EventStore } from './event-store';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { PostgresEventStore } from './postgres-event-store';

/** EventStoreDB when EVENTSTORE_URL is set, otherwise the PostgreSQL event store in the main database. */
export async function connectEventStore(options: { eventStoreUrl: string | null; databaseUrl: string }): Promise<EventStore> {
  if (options.eventStoreUrl) return EventStoreDbEventStore.connect({ connectionString: options.eventStoreUrl });
  return PostgresEventStore.connect({ connectionString: options.databaseUrl });
}
