import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { comparePositions, type Position, START } from '@reflections/contracts/position';
import type { EventFilter, EventStore, RecordedEvent } from '@reflections/platform/event-store/event-store';
import { applyEvents } from './apply-events';
import { clearParked, type Failure, park } from './parked-events';
import { applyOrPark, DEFAULT_RETRY, type RetryPolicy } from './parking';
import { eventTypesOf, type Projector } from './projector';
import { quoteIdentifier } from './quote-identifier';
import { analyzeTables } from './table-statistics';

export type ReplayProgress = { readonly done: number; readonly position: Position };

export type RebuildOptions = {
  /** Events read and applied per transaction. */
  readonly batchSize?: number;
  readonly onProgress?: (progress: ReplayProgress) => void;
  /** How a failing page is retried before its failing events are parked (see parking.ts). */
  readonly retry?: RetryPolicy;
  /** Told of every failed try of a page (an unavailable database stops the rebuild instead). */
  readonly onError?: (error: unknown) => void;
  /** Told of every event the rebuild parks; a rebuild that swaps in replaces the projector's parked events with these. */
  readonly onParked?: (failure: Failure) => void;
};

/** Which events a range replay keeps: positions are inclusive, dates compare with when the event was recorded. */
export type ReplayRange = { readonly from?: Position | Date; readonly to?: Position | Date };

/**
 * Events per transaction. A projector with batch hooks loads and writes its rows once per
 * batch, so big batches pay. Without them, MikroORM flushes before each query a handler
 * makes, over every entity the batch has touched, so a batch costs the square of its size:
 * those get the live runtime's batch size.
 */
// Not more: a page of 10,000 events of rare types (the forum's) made PostgreSQL scan and sort
// the whole log, spilling to disk, instead of walking the log's order (EXPLAIN, 100,000 events).
const BATCH_AWARE = 4000;
const PER_EVENT = 500;
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/** Creates a projector's own tables when it declares them, and its checkpoint row. */
export async function prepareProjector(orm: MikroORM, projector: Projector): Promise<void> {
  const em = orm.em.fork();
  for (const statement of projector.createTables ?? []) await em.execute(statement);
  // The row always exists, so every batch of every replica (and a rebuild's swap) locks the same row.
  await em.execute(
    `INSERT INTO projector_checkpoints (name, commit_position, prepare_position, updated_at) VALUES (?, 0, 0, now()) ON CONFLICT (name) DO NOTHING`,
    [projector.name],
  );
}

function inRange(range: ReplayRange, event: RecordedEvent): boolean {
  const after = (bound: Position | Date) =>
    bound instanceof Date ? event.createdAt.getTime() - bound.getTime() : comparePositions(event.position, bound);
  return (range.from === undefined || after(range.from) >= 0) && (range.to === undefined || after(range.to) <= 0);
}

/**
 * Builds a projector's tables afresh in a schema of their own (`replay_<name>`), from
 * position 0, while the live tables keep serving and the live runtimes keep projecting
 * into them. Handlers run with that schema first on the search path, so any projector
 * written against unqualified table names (MikroORM entities, plain SQL) writes there.
 *
 * Once the fresh tables have caught up with the head, one transaction locks the
 * projector's checkpoint row (which every live batch locks first, so no live batch runs
 * meanwhile), applies the last events, moves the live tables out and the fresh ones in,
 * and sets the checkpoint. Readers see the old tables or the new ones, never a partial set.
 * A replay killed midway leaves only its own schema behind, which the next one drops.
 */
export class ProjectionRebuild {
  private readonly schema: string;
  private readonly retired: string;
  private readonly filter: EventFilter | undefined;
  /** The fresh tables' secondary indexes, built once their rows are in rather than row by row. */
  private deferredIndexes: string[] = [];
  /** Events this rebuild could not apply: they replace the projector's parked events when it swaps in. */
  private parked: Failure[] = [];

  constructor(
    private readonly orm: MikroORM,
    private readonly store: EventStore,
    private readonly projector: Projector,
  ) {
    this.schema = `replay_${slug(projector.name)}`;
    this.retired = `replay_old_${slug(projector.name)}`;
    const eventTypes = eventTypesOf(projector);
    this.filter = eventTypes ? { eventTypes } : undefined;
  }

  /** Rebuilds and swaps in; resolves with the position the swapped-in tables hold. */
  async run(options: RebuildOptions = {}): Promise<Position> {
    return this.exclusively(async () => {
      await prepareProjector(this.orm, this.projector);
      await this.createFreshTables();
      const built = await this.replay({}, options);
      await this.buildDeferredIndexes();
      // Swapped in with the statistics of what they hold, not of empty tables.
      await analyzeTables(this.orm.em.fork(), this.projector.tables, this.schema);
      const swappedAt = await this.swapIn(built.position, built.done, options);
      await this.dropSchemas();
      return swappedAt;
    });
  }

  /**
   * Replays only the events in `range` into fresh tables, never touching the live ones,
   * and hands them to `read` (for example to export a report for one quarter).
   */
  async runRange<T>(
    range: ReplayRange,
    read: (em: EntityManager) => Promise<T>,
    options: RebuildOptions = {},
  ): Promise<T> {
    return this.exclusively(async () => {
      await this.createFreshTables();
      try {
        await this.replay(range, options);
        return await this.orm.em.fork().transactional(async (em) => {
          await this.useFreshTables(em);
          return read(em);
        });
      } finally {
        await this.dropSchemas();
      }
    });
  }

  /** One rebuild of a projector at a time, across processes. */
  private async exclusively<T>(work: () => Promise<T>): Promise<T> {
    const lock = new pg.Client({ connectionString: this.orm.config.get('clientUrl') });
    await lock.connect();
    try {
      const { rows } = await lock.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(7412010, hashtext($1)) AS locked',
        [this.projector.name],
      );
      if (!rows[0].locked) throw new Error(`a replay of ${this.projector.name} is already running`);
      return await work();
    } finally {
      await lock.end();
    }
  }

  private async dropSchemas(em: EntityManager = this.orm.em.fork()) {
    for (const schema of [this.retired, this.schema])
      await em.execute(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
  }

  private async useFreshTables(em: EntityManager) {
    await em.execute(`SET LOCAL search_path TO ${quoteIdentifier(this.schema)}, public`);
  }

  private async buildDeferredIndexes() {
    const em = this.orm.em.fork();
    for (const definition of this.deferredIndexes) await em.execute(definition);
    this.deferredIndexes = [];
  }

  private async createFreshTables() {
    this.deferredIndexes = [];
    this.parked = [];
    await this.orm.em.fork().transactional(async (em) => {
      await this.dropSchemas(em);
      await em.execute(`CREATE SCHEMA ${quoteIdentifier(this.schema)}`);
      if (this.projector.createTables) {
        await this.useFreshTables(em);
        for (const statement of this.projector.createTables) await em.execute(statement);
        return;
      }
      for (const table of this.projector.tables) await this.copyDefinition(em, table);
    });
  }

  /** The live table's columns, defaults, constraints and indexes, under the same index names, with sequences of its own. */
  private async copyDefinition(em: EntityManager, table: string) {
    const fresh = `${quoteIdentifier(this.schema)}.${quoteIdentifier(table)}`;
    await em.execute(`CREATE TABLE ${fresh} (LIKE public.${quoteIdentifier(table)} INCLUDING ALL)`);
    const indexes = (relation: string) =>
      em.execute<{ name: string; definition: string }[]>(
        `SELECT c.relname AS name, regexp_replace(pg_get_indexdef(c.oid), '^(CREATE (UNIQUE ){0,1}INDEX )\\S+ ON \\S+', '\\1') AS definition
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = ?::regclass`,
        [relation],
      );
    const live = await indexes(`public.${quoteIdentifier(table)}`);
    for (const index of await indexes(fresh)) {
      const twin = live.find((candidate) => candidate.definition === index.definition);
      if (twin && twin.name !== index.name)
        await em.execute(
          `ALTER INDEX ${quoteIdentifier(this.schema)}.${quoteIdentifier(index.name)} RENAME TO ${quoteIdentifier(twin.name)}`,
        );
    }
    // A serial column's default still points at the live table's sequence, which leaves with it.
    const serials = await em.execute<{ column: string; sequence: string }[]>(
      `SELECT a.attname AS column, s.relname AS sequence
         FROM pg_attribute a JOIN pg_depend d ON d.refobjid = a.attrelid AND d.refobjsubid = a.attnum AND d.deptype = 'a'
         JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
        WHERE a.attrelid = ?::regclass`,
      [`public.${quoteIdentifier(table)}`],
    );
    // Indexes that enforce nothing serve readers (and maybe the projector's own loads): the rest are built after the replay, in one pass each.
    const secondary = await em.execute<{ name: string; definition: string }[]>(
      `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = ?::regclass AND NOT i.indisunique AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
      [fresh],
    );
    for (const { name, definition } of secondary.filter(
      (index) => !this.projector.indexesForReplay?.includes(index.name),
    )) {
      await em.execute(`DROP INDEX ${quoteIdentifier(this.schema)}.${quoteIdentifier(name)}`);
      this.deferredIndexes.push(definition);
    }
    for (const { column, sequence } of serials) {
      const own = `${quoteIdentifier(this.schema)}.${quoteIdentifier(sequence)}`;
      await em.execute(`CREATE SEQUENCE ${own} OWNED BY ${fresh}.${quoteIdentifier(column)}`);
      await em.execute(
        `ALTER TABLE ${fresh} ALTER COLUMN ${quoteIdentifier(column)} SET DEFAULT nextval('${own.replace(/'/g, "''")}')`,
      );
    }
  }

  /** Reads the log after `from` page by page, the next page read while this one is applied. */
  private async replay(
    range: ReplayRange,
    options: RebuildOptions,
    from: Position = START,
    em?: EntityManager,
  ): Promise<{ position: Position; done: number }> {
    const maxCount =
      options.batchSize ?? (this.projector.beforeBatch || this.projector.afterBatch ? BATCH_AWARE : PER_EVENT);
    const read = (after: Position) =>
      this.store.readAll({
        after: comparePositions(after, START) === 0 ? undefined : after,
        maxCount,
        filter: this.filter,
      });
    let position = from;
    let done = 0;
    let page = await read(position);
    while (page.length > 0) {
      position = page[page.length - 1].position;
      const next = read(position);
      const events = range.from || range.to ? page.filter((event) => inRange(range, event)) : page;
      // One event that cannot be applied never stops a rebuild: it is parked, as the live runtime would.
      await applyOrPark(events, position, {
        apply: async (batch) => {
          if (batch.length === 0) return;
          // A savepoint inside the swap's transaction, or a transaction of its own: each try starts with empty per-batch buffers.
          if (em) await em.transactional((savepoint) => applyEvents(savepoint, this.projector, batch));
          else
            await this.orm.em.fork().transactional(async (fresh) => {
              // One round trip for both settings: on a busy machine each costs a wait for the CPU.
              // Fresh tables are thrown away if anything fails before the swap, which is durable as usual.
              await fresh.execute(
                `SELECT set_config('search_path', ?, true), set_config('synchronous_commit', 'off', true)`,
                [`${quoteIdentifier(this.schema)}, public`],
              );
              await applyEvents(fresh, this.projector, batch);
            });
        },
        park: async (failure) => void this.parked.push(failure),
        retry: options.retry ?? DEFAULT_RETRY,
        onFailedAttempt: options.onError,
        onParked: options.onParked,
      });
      done += page.length;
      options.onProgress?.({ done, position });
      page = await next;
    }
    return { position, done };
  }

  private async swapIn(builtUpTo: Position, done: number, options: RebuildOptions): Promise<Position> {
    const tables = this.projector.tables.map(quoteIdentifier);
    return this.orm.em.fork().transactional(async (em) => {
      await em.execute('SELECT 1 FROM projector_checkpoints WHERE name = ? FOR UPDATE', [this.projector.name]);
      await this.useFreshTables(em);
      const tail = await this.replay(
        {},
        { ...options, onProgress: (p) => options.onProgress?.({ done: done + p.done, position: p.position }) },
        builtUpTo,
        em,
      );
      const position = comparePositions(tail.position, builtUpTo) > 0 ? tail.position : builtUpTo;
      await em.execute(`SET LOCAL search_path TO public`);
      // Every event parked before has been tried again: what still fails is parked anew.
      await clearParked(em, this.projector.name);
      await park(em, this.projector.name, this.parked);
      await em.execute(`CREATE SCHEMA ${quoteIdentifier(this.retired)}`);
      for (const table of tables) {
        await em.execute(`ALTER TABLE IF EXISTS public.${table} SET SCHEMA ${quoteIdentifier(this.retired)}`);
        await em.execute(`ALTER TABLE ${quoteIdentifier(this.schema)}.${table} SET SCHEMA public`);
      }
      await em.execute(
        'UPDATE projector_checkpoints SET commit_position = ?, prepare_position = ?, updated_at = now() WHERE name = ?',
        [String(position.commit), String(position.prepare), this.projector.name],
      );
      return position;
    });
  }
}
