import type { MikroORM } from '@mikro-orm/postgresql';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { openReadModels } from '@reflections/query/projections';
import type { Projector } from '@reflections/query/projection-engine/projector';
import { ProjectorRuntime } from '@reflections/query/projection-engine/projector-runtime';

export type ProjectorsForTest = {
  databaseUrl: string;
  store: PostgresEventStore;
  orm: MikroORM;
  runtime: ProjectorRuntime;
  /** Stops the projectors and closes the read models and the event store. */
  close(): Promise<void>;
};

/** Given events, then rows: a fresh database with its event store and every read model's tables, `projectors` running on them. */
export async function projectorsForTest(projectors: readonly Projector[]): Promise<ProjectorsForTest> {
  const databaseUrl = await createTestDatabase();
  const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
  const orm = await openReadModels(databaseUrl);
  const runtime = new ProjectorRuntime(orm, store);
  await runtime.start(projectors);
  return {
    databaseUrl,
    store,
    orm,
    runtime,
    close: async () => {
      await runtime.stop();
      await orm.close();
      await store.close();
    },
  };
}
