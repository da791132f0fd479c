import { createTestDatabase } from '../testing/test-database';
import { describeEventStoreContract } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgreSQL', async () => PostgresEventStore.connect({ connectionString: await createTestDatabase(), poolSize: 12 }));
