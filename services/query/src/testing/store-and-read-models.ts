import type { MikroORM } from '@mikro-orm/postgresql';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { openReadModels } from '../projections';

export type StoreAndReadModels = { databaseUrl: string; store: PostgresEventStore; orm: MikroORM };

/**
 * A fresh database's event store and read models for the tests of the enclosing block: opened
 * before them and handed over with `opened`, closed after them.
 */
export function useStoreAndReadModels(opened: (fresh: StoreAndReadModels) => void): void {
  let fresh: StoreAndReadModels | undefined;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    fresh = { databaseUrl, store, orm: await openReadModels(databaseUrl) };
    opened(fresh);
  });
  afterAll(async () => {
    await fresh?.orm.close();
    await fresh?.store.close();
  });
}
