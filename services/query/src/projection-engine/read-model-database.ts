import type { EntitySchema } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { Migration } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Projector } from './projector';
import { Migration2026112440ParkedEvents } from './migration-2026112440-parked-events';
import { ProjectorCheckpointSchema } from './projector-checkpoint.entity';

/** A migration as MikroORM lists it; migrations run in the order of their names. */
export type ReadModelMigration = {
  readonly name: string;
  readonly class: new (...args: ConstructorParameters<typeof Migration>) => Migration;
};

/** What a feature brings to the read-model database: its entities and the migrations that make their tables. */
export type ReadModelSchema = {
  // Each feature's entities have their own row types; the database takes them all.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly entities: readonly EntitySchema<any>[];
  readonly migrations: readonly ReadModelMigration[];
};

/** A feature's read models: its entities, its migrations and its projectors, composed in projections.ts. */
export type ReadModelSlice = ReadModelSchema & { readonly projectors: readonly Projector[] };

/** The engine's own tables: checkpoints (made by the first migration there was) and parked events. */
const ENGINE_SCHEMA: ReadModelSchema = {
  entities: [ProjectorCheckpointSchema],
  migrations: [{ name: 'Migration2026112440ParkedEvents', class: Migration2026112440ParkedEvents }],
};

/**
 * The engine's schema and the features', as one: every entity registered (a migration made
 * from an instance drops the tables of entities it does not know), migrations by name.
 */
export function combinedSchema(features: readonly ReadModelSchema[]): ReadModelSchema {
  const all = [ENGINE_SCHEMA, ...features];
  return {
    entities: all.flatMap((schema) => schema.entities),
    migrations: all.flatMap((schema) => schema.migrations).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The read models, migrated: what a service opens at start. */
export async function openReadModelDatabase(databaseUrl: string, schema: ReadModelSchema): Promise<MikroORM> {
  const orm = await connectReadModelDatabase(databaseUrl, schema);
  // Replicas starting together must not run the same migration twice.
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(7412002)');
    await orm.getMigrator().up();
  } finally {
    await lock.end();
  }
  return orm;
}

/** The read models without migrating them: for a thread of a service that has already opened them. */
export function connectReadModelDatabase(databaseUrl: string, schema: ReadModelSchema): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities: [...schema.entities],
    extensions: [Migrator],
    migrations: {
      migrationsList: [...schema.migrations],
      snapshot: false,
      silent: true,
      transactional: true,
      allOrNothing: true,
      tableName: 'read_model_migrations',
    },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
  });
}
