import { describeEventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

// Runs only when EVENTSTORE_URL is set (see jest.config.js), against a long-lived server.
describeEventStoreContract('EventStoreDB', () =>
  EventStoreDbEventStore.connect({ connectionString: process.env.EVENTSTORE_URL! }),
);
