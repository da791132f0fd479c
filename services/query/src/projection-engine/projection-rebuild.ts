import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { comparePositions, type Position, START } from '@reflections/contracts/position';
import type {
  EventFilter,
  EventStore,
  PageReader,
  ReadAllPage,
  RecordedEvent,
} from '@reflections/platform/event-store/event-store';
import { pagesOneByOne } from '@reflections/platform/event-store/page-readers';
import { applyEvents } from './apply-events';
import { clearParked, type Failure, park } from './parked-events';
import { applyOrPark, DEFAULT_RETRY, type RetryPolicy } from './parking';
import { runStatement, runStatements } from './batch-statements';
import { committed, type LateKey, markRebuildBatch, newRebuildContext, type RebuildContext } from './rebuild-context';
import { eventTypesOf, type Projector } from './projector';
import { quoteIdentifier, quoteLiteral } from './quote-identifier';

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
/**
 * The statistics target of a rebuild's ANALYZE of its fresh tables: it samples 300 rows per
 * unit, so at PostgreSQL's default of 100 it sorted 30,000 rows per column, 130–160 ms of
 * member_activities' rebuild (29 ms at 10). Ten buckets and ten common values tell the
 * planner enough to walk an index rather than sort a table; autovacuum analyzes again at
 * the server's target once a tenth of the rows have changed.
 */
const REBUILD_STATISTICS_TARGET = 10;
/** What the catalogue says of a live table: a constraint, an index, or a serial column and its sequence. */
type Definition = 'constraint' | 'unique' | 'secondary' | 'serial';

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/** Its own tables when it declares them, and its checkpoint row (which always exists, so every batch of every replica, and a rebuild's swap, locks the same row). */
const preparingStatements = (projector: Projector) => [
  ...(projector.createTables ?? []),
  `INSERT INTO projector_checkpoints (name, commit_position, prepare_position, updated_at) VALUES (${quoteLiteral(projector.name)}, 0, 0, now()) ON CONFLICT (name) DO NOTHING`,
];

/** Creates a projector's own tables when it declares them, and its checkpoint row. */
export async function prepareProjector(orm: MikroORM, projector: Projector): Promise<void> {
  const em = orm.em.fork();
  for (const statement of preparingStatements(projector)) await em.execute(statement);
}

function inRange(range: ReplayRange, event: RecordedEvent): boolean {
  const after = (bound: Position | Date) =>
    bound instanceof Date ? event.createdAt.getTime() - bound.getTime() : comparePositions(event.position, bound);
  return (range.from === undefined || after(range.from) >= 0) && (range.to === undefined || after(range.to) <= 0);
}

/**
 * How a fresh table's primary key `name` (`definition`, its index `index` on the fresh table)
 * is built once the rows are in: a plain key's index like any other index, the constraint then
 * taking it over (no scan); any other key as the constraint itself.
 */
function lateKey(freshTable: string, name: string, definition: string, index: string | null): LateKey {
  const indexName =
    index && /^PRIMARY KEY \([^()]*\)$/.test(definition) && /^CREATE UNIQUE INDEX (\S+) ON /.exec(index)?.[1];
  return indexName && index
    ? {
        index,
        constraint: `ALTER TABLE ${freshTable} ADD CONSTRAINT ${quoteIdentifier(name)} PRIMARY KEY USING INDEX ${indexName}`,
      }
    : { index: null, constraint: `ALTER TABLE ${freshTable} ADD CONSTRAINT ${quoteIdentifier(name)} ${definition}` };
}

/** Settles once every one of `work` has ended, and rejects with the first failure: nothing is left running when it does. */
async function allEnded(work: readonly Promise<unknown>[]): Promise<void> {
  const ended = await Promise.allSettled(work);
  const failed = ended.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Builds a projector's tables afresh in a schema of their own (`replay_<name>`), from
 * position 0, while the live tables keep serving and the live runtimes keep projecting
 * into them. Handlers run with that schema first on the search path, so any projector
 * written against unqualified table names (MikroORM entities, plain SQL) writes there.
 *
 * Once the fresh tables have caught up with the head, one transaction locks the
 * projector's checkpoint row (which every live batch locks first, so no live batch runs
 * meanwhile), applies the last events, drops the live tables, moves the fresh ones in,
 * and sets the checkpoint. Readers see the old tables or the new ones, never a partial set.
 * A replay killed midway leaves only its own schema behind, which the next one drops.
 */
export class ProjectionRebuild {
  private readonly schema: string;
  /** Where earlier versions moved the live tables before dropping them: dropped with the fresh schema should one be left. */
  private readonly retired: string;
  private readonly filter: EventFilter | undefined;
  /** The fresh tables' secondary indexes, built once their rows are in rather than row by row. */
  private readonly deferredIndexes = new Map<string, string[]>();
  /** Events this rebuild could not apply: they replace the projector's parked events when it swaps in. */
  private parked: Failure[] = [];
  /** What this rebuild's batches share (see rebuild-context.ts). */
  private context: RebuildContext = newRebuildContext(null);

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
      // The log is read while the fresh tables are made, on other connections: neither needs the other.
      const pages = this.pagesAhead(options);
      // Where the live feed stands: the live tables hold its changes up to there (none before its checkpoint row exists).
      this.context = newRebuildContext(this.projector.liveFeedTables?.length ? await this.liveCheckpoint() : null);
      // With the fresh tables, in the same round trip: the projector's live tables and checkpoint row, if new.
      await this.createFreshTables(preparingStatements(this.projector));
      const built = await this.replay({}, options, START, undefined, pages);
      // Swapped in with the statistics of what they hold, not of empty tables.
      await this.indexAndAnalyze();
      return this.swapIn(built.position, built.done, options);
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
      // Its tables are read, never swapped in: a live feed there is as the events make it.
      this.context = newRebuildContext(null);
      await this.createFreshTables();
      try {
        await this.replay(range, options, START, undefined, this.pagesAhead(options));
        const held = this.projector.heldRows?.(this.context) ?? [];
        // The rows held back to the end go in within the transaction that reads the tables.
        return await this.orm.em.fork().transactional(async (em) => {
          await this.useFreshTables(em);
          if (held.length > 0) await runStatements(em, held);
          return read(em);
        });
      } finally {
        await this.dropSchemas();
      }
    });
  }

  private async liveCheckpoint(): Promise<Position> {
    const [row] = await this.orm.em
      .fork()
      .execute<{ commit: string; prepare: string }[]>(
        'SELECT commit_position::text AS commit, prepare_position::text AS prepare FROM projector_checkpoints WHERE name = ?',
        [this.projector.name],
      );
    return row ? { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } : START;
  }

  /** One rebuild of a projector at a time, across processes. */
  private async exclusively<T>(work: () => Promise<T>): Promise<T> {
    // A connection of the pool, held for the whole rebuild: a session lock lives as long as its connection.
    const { client } = this.orm.em.getConnection().getKnex();
    const lock = (await client.acquireConnection()) as pg.Client;
    try {
      const { rows } = await lock.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(7412010, hashtext($1)) AS locked',
        [this.projector.name],
      );
      if (!rows[0].locked) throw new Error(`a replay of ${this.projector.name} is already running`);
      try {
        return await work();
      } finally {
        await lock.query('SELECT pg_advisory_unlock(7412010, hashtext($1))', [this.projector.name]);
      }
    } finally {
      await client.releaseConnection(lock);
    }
  }

  /** Not waiting for the disk: a drop lost in a crash leaves only schemas the next rebuild drops. */
  private async dropSchemas(em: EntityManager = this.orm.em.fork()) {
    await em.execute(`SET LOCAL synchronous_commit = off;\n${this.dropSchemasSql()}`);
  }

  private dropSchemasSql() {
    return `DROP SCHEMA IF EXISTS ${quoteIdentifier(this.retired)}, ${quoteIdentifier(this.schema)} CASCADE`;
  }

  /** The fresh tables first on the search path, for the rest of `em`'s transaction, which does not wait for the disk. */
  private async useFreshTables(em: EntityManager) {
    await em.execute(
      `SET LOCAL search_path TO ${quoteIdentifier(this.schema)}, public; SET LOCAL synchronous_commit = off`,
    );
  }

  /**
   * Live-feed tables the swap keeps in place (see `swapIn`): a rebuild that knows where the
   * live tables stood writes only the feed rows of later events, which the swap adds to them.
   */
  private keptInPlace(table: string): boolean {
    return this.context.liveUpTo !== null && (this.projector.liveFeedTables ?? []).includes(table);
  }

  /**
   * The rows the projector held back to the end (`Projector.heldRows`), then the deferred
   * indexes and the planner's statistics, every table at once and within a table each held
   * statement and each index in a round trip of its own, side by side (a primary key built
   * late is one of those indexes, its constraint put on it after them; `ANALYZE` last: it
   * waits for an index being built). PostgreSQL then writes, indexes and samples on both
   * cores, where one string per table kept the forum's posts, with their six indexes, on one
   * core while the rebuild waited.
   */
  private async indexAndAnalyze() {
    const held = this.projector.heldRows?.(this.context) ?? [];
    const run = (sql: string) => this.orm.em.fork().execute(`SET LOCAL synchronous_commit = off;\n${sql}`);
    const tables = this.projector.tables.map((table) => {
      const deferred = this.deferredIndexes.get(table) ?? [];
      const key = this.context.unkeyed.get(table);
      return {
        rows: held.filter((statement) => statement.table === table),
        keyFirst: key && !key.index ? key.constraint : null,
        indexes: key?.index ? [key.index, ...deferred] : deferred,
        // In the round trip of ANALYZE: the constraint only takes over an index already built.
        last: [
          ...(key?.index ? [key.constraint] : []),
          ...(this.keptInPlace(table)
            ? []
            : [
                `SET LOCAL default_statistics_target = ${REBUILD_STATISTICS_TARGET}`,
                `ANALYZE ${quoteIdentifier(this.schema)}.${quoteIdentifier(table)}`,
              ]),
        ],
      };
    });
    this.deferredIndexes.clear();
    await allEnded(
      tables.map(async ({ rows, keyFirst, indexes, last }) => {
        await allEnded(
          rows.map((statement) =>
            this.orm.em.fork().transactional(async (em) => {
              await this.useFreshTables(em);
              await runStatement(em, statement);
            }),
          ),
        );
        if (keyFirst) await run(keyFirst);
        await allEnded(indexes.map(run));
        if (last.length > 0) await run(last.join(';\n'));
      }),
    );
    this.context.unkeyed.clear();
  }

  /**
   * The fresh schema and its tables in two round trips whatever their number: one reading
   * the live tables' definitions from the catalogue, one sending every statement that copies
   * them. On a rebuild of rare events these round trips were most of its time.
   */
  private async createFreshTables(preparing: readonly string[] = []) {
    this.deferredIndexes.clear();
    this.parked = [];
    const fresh = this.projector.createTables
      ? [`SET LOCAL search_path TO ${quoteIdentifier(this.schema)}, public`, ...this.projector.createTables]
      : await this.copiedDefinitions(this.orm.em.fork());
    // One string of statements is one transaction; a crash loses nothing but this rebuild, so the disk is not waited for.
    await this.orm.em
      .fork()
      .execute(
        [
          'SET LOCAL synchronous_commit = off',
          ...preparing,
          this.dropSchemasSql(),
          `CREATE SCHEMA ${quoteIdentifier(this.schema)}`,
          ...fresh,
        ].join(';\n'),
      );
    if (this.projector.createTables) await this.keyLater(this.projector.keyedAfterRows ?? []);
  }

  /**
   * Takes the primary key off fresh tables its own statements made (see `Projector.keyedAfterRows`),
   * to be built once their rows are in, as `copiedDefinitions` does for the tables it copies:
   * one round trip reading the keys, one dropping them from the empty tables.
   */
  private async keyLater(tables: readonly string[]) {
    if (tables.length === 0) return;
    const em = this.orm.em.fork();
    const keys = await em.execute<{ table: string; name: string; definition: string; index: string }[]>(
      `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition,
              pg_get_indexdef(k.conindid) AS index
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
        WHERE c.relnamespace = ?::regnamespace AND c.relname IN (${tables.map(() => '?').join(', ')}) AND k.contype = 'p'`,
      [this.schema, ...tables],
    );
    if (keys.length === 0) return;
    const schema = quoteIdentifier(this.schema);
    for (const { table, name, definition, index } of keys) {
      const freshTable = `${schema}.${quoteIdentifier(table)}`;
      this.context.unkeyed.set(table, lateKey(freshTable, name, definition, index));
    }
    await em.execute(
      [
        'SET LOCAL synchronous_commit = off',
        ...keys.map(
          ({ table, name }) =>
            `ALTER TABLE ${schema}.${quoteIdentifier(table)} DROP CONSTRAINT ${quoteIdentifier(name)}`,
        ),
      ].join(';\n'),
    );
  }

  /**
   * Statements that give the fresh schema the live tables' columns, defaults, constraints
   * (under the same names) and indexes, with sequences of their own. Indexes that enforce
   * nothing serve readers (and maybe the projector's own loads): the rest are built after
   * the replay, in one pass each (`deferredIndexes`).
   */
  private async copiedDefinitions(em: EntityManager): Promise<string[]> {
    const { tables } = this.projector;
    if (tables.length === 0) return [];
    const live = tables.map((table) => `public.${quoteIdentifier(table)}`);
    const rows = await em.execute<
      { table: string; kind: Definition; name: string; definition: string; index: string | null }[]
    >(
      `WITH live AS (SELECT oid FROM pg_class WHERE oid IN (${live.map(() => '?::regclass').join(', ')}))
       SELECT c.relname AS table, 'constraint' AS kind, k.conname AS name, pg_get_constraintdef(k.oid) AS definition,
              pg_get_indexdef(k.conindid) AS index
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
        WHERE k.conrelid IN (SELECT oid FROM live) AND k.contype IN ('p', 'u', 'x')
       UNION ALL
       SELECT c.relname, CASE WHEN i.indisunique THEN 'unique' ELSE 'secondary' END, x.relname, pg_get_indexdef(x.oid), NULL
         FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid JOIN pg_class c ON c.oid = i.indrelid
        WHERE i.indrelid IN (SELECT oid FROM live)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)
       UNION ALL
       -- A serial column's default still points at the live table's sequence, which leaves with it.
       SELECT c.relname, 'serial', a.attname, s.relname, NULL
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_depend d ON d.refobjid = a.attrelid AND d.refobjsubid = a.attnum AND d.deptype = 'a'
         JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
        WHERE a.attrelid IN (SELECT oid FROM live)`,
      live,
    );
    const schema = quoteIdentifier(this.schema);
    const statements: string[] = [];
    for (const table of tables) {
      const freshTable = `${schema}.${quoteIdentifier(table)}`;
      const own = rows.filter((row) => row.table === table);
      const deferred: string[] = [];
      this.deferredIndexes.set(table, deferred);
      const onFresh = (definition: string) =>
        definition.replace(/^(CREATE (?:UNIQUE )?INDEX \S+ ON )\S+/, (_, head: string) => `${head}${freshTable}`);
      statements.push(
        `CREATE TABLE ${freshTable} (LIKE public.${quoteIdentifier(table)} INCLUDING ALL EXCLUDING INDEXES)`,
      );
      for (const { kind, name, definition, index } of own) {
        if (
          kind === 'constraint' &&
          definition.startsWith('PRIMARY KEY') &&
          (this.projector.insertOnlyTables?.includes(table) || this.projector.keyedAfterRows?.includes(table))
        ) {
          this.context.unkeyed.set(table, lateKey(freshTable, name, definition, index && onFresh(index)));
        } else if (kind === 'constraint')
          statements.push(`ALTER TABLE ${freshTable} ADD CONSTRAINT ${quoteIdentifier(name)} ${definition}`);
        else if (kind === 'unique' || (kind === 'secondary' && this.projector.indexesForReplay?.includes(name)))
          statements.push(onFresh(definition));
        else if (kind === 'secondary') {
          if (!this.keptInPlace(table)) deferred.push(onFresh(definition));
        } else {
          const sequence = `${schema}.${quoteIdentifier(definition)}`;
          statements.push(
            `CREATE SEQUENCE ${sequence} OWNED BY ${freshTable}.${quoteIdentifier(name)}`,
            `ALTER TABLE ${freshTable} ALTER COLUMN ${quoteIdentifier(name)} SET DEFAULT nextval('${sequence.replace(/'/g, "''")}')`,
          );
        }
      }
    }
    return statements;
  }

  /**
   * Reads the log after `from` page by page, the next page read while this one is applied,
   * and answers how far it read: past the last event it applied when a filter skipped
   * events after it, so the swap's tail read starts there instead of scanning them again.
   * A page shorter than asked for reached the head: no further (empty) read is made.
   */
  private async replay(
    range: ReplayRange,
    options: RebuildOptions,
    from: Position = START,
    em?: EntityManager,
    pages?: PageReader,
  ): Promise<{ position: Position; done: number }> {
    const { maxCount, read } = this.pages(options);
    const nextPage = pages ?? pagesOneByOne(read, from, maxCount);
    // Pages in transactions of their own overlap when the projector allows it: one page's
    // handlers run while PostgreSQL writes the page before (on two cores, side by side).
    const overlapping = !em && this.projector.overlapsPages === true;
    let position = from;
    let done = 0;
    /** Settles once every page so far is written (or has failed: the rebuild then stops). */
    let written: Promise<void> = Promise.resolve();
    let page: ReadAllPage | null = await nextPage();
    while (page) {
      const { events: pageEvents, scannedTo }: ReadAllPage = page;
      // The next page is read while this one is applied.
      const next = nextPage();
      next.catch(() => undefined);
      if (pageEvents.length > 0) {
        const events = range.from || range.to ? pageEvents.filter((event) => inRange(range, event)) : pageEvents;
        const earlier = written;
        // What this page's batch awaits: never a failure, which is the earlier page's to report, not this page's events'.
        const earlierDone = overlapping ? earlier.catch(() => undefined) : undefined;
        // One event that cannot be applied never stops a rebuild: it is parked, as the live runtime would.
        const applied = applyOrPark(events, pageEvents[pageEvents.length - 1].position, {
          apply: async (batch) => {
            if (batch.length === 0) return;
            // A savepoint inside the swap's transaction, or a transaction of its own: each try starts with empty per-batch buffers.
            let transaction: EntityManager | undefined;
            if (em)
              await em.transactional((savepoint) => {
                markRebuildBatch((transaction = savepoint), this.context);
                return applyEvents(savepoint, this.projector, batch);
              });
            else
              await this.orm.em.fork().transactional(async (fresh) => {
                markRebuildBatch((transaction = fresh), this.context, earlierDone);
                // One round trip for both settings: on a busy machine each costs a wait for the CPU.
                // Fresh tables are thrown away if anything fails before the swap, which is durable as usual.
                await fresh.execute(
                  `SELECT set_config('search_path', ?, true), set_config('synchronous_commit', 'off', true)`,
                  [`${quoteIdentifier(this.schema)}, public`],
                );
                await applyEvents(fresh, this.projector, batch);
              });
            // Before the page after it reads anything: it awaits this page's `applied`.
            if (transaction) committed(transaction);
          },
          park: async (failure) => void this.parked.push(failure),
          retry: options.retry ?? DEFAULT_RETRY,
          onFailedAttempt: options.onError,
          onParked: options.onParked,
        });
        if (scannedTo && comparePositions(scannedTo, position) > 0) position = scannedTo;
        const reached = position;
        // Progress in the log's order, once a page and every page before it are written.
        written = Promise.all([earlier, applied]).then(() => {
          done += pageEvents.length;
          options.onProgress?.({ done, position: reached });
        });
        // Awaited below or at the next page (a rejection held meanwhile is not unhandled).
        written.catch(() => undefined);
        try {
          // At most two pages at once: the next starts once the one before this is written.
          await (overlapping ? earlier : written);
        } catch (error) {
          // This page's transaction ends before the rebuild gives up (its schema is dropped next time).
          await applied.catch(() => undefined);
          throw error;
        }
      } else if (scannedTo && comparePositions(scannedTo, position) > 0) position = scannedTo;
      page = await next;
    }
    await written;
    return { position, done };
  }

  /**
   * The log from its start as the store reads it ahead (`EventStore.readAllAhead`: stretches of
   * it side by side), else page by page.
   */
  private pagesAhead(options: RebuildOptions): PageReader {
    const { maxCount, read } = this.pages(options);
    return this.store.readAllAhead
      ? this.store.readAllAhead({ maxCount, filter: this.filter })
      : pagesOneByOne(read, START, maxCount);
  }

  /** How the rebuild reads the log: pages of `maxCount` events of the projector's types, after a position. */
  private pages(options: RebuildOptions) {
    const maxCount =
      options.batchSize ?? (this.projector.beforeBatch || this.projector.afterBatch ? BATCH_AWARE : PER_EVENT);
    const read = (after: Position) =>
      this.store.readAllPage({
        after: comparePositions(after, START) === 0 ? undefined : after,
        maxCount,
        filter: this.filter,
      });
    return { maxCount, read };
  }

  private async swapIn(builtUpTo: Position, done: number, options: RebuildOptions): Promise<Position> {
    return this.orm.em.fork().transactional(async (em) => {
      await em.execute(
        `SELECT set_config('search_path', ?, true) FROM projector_checkpoints WHERE name = ? FOR UPDATE`,
        [`${quoteIdentifier(this.schema)}, public`, this.projector.name],
      );
      const tail = await this.replay(
        {},
        { ...options, onProgress: (p) => options.onProgress?.({ done: done + p.done, position: p.position }) },
        builtUpTo,
        em,
      );
      const position = comparePositions(tail.position, builtUpTo) > 0 ? tail.position : builtUpTo;
      // Every event parked before has been tried again: what still fails is parked anew
      // (with none, the clearing goes with the swap's statements below: one round trip fewer).
      if (this.parked.length > 0) {
        await clearParked(em, this.projector.name);
        await park(em, this.projector.name, this.parked);
      }
      const fresh = quoteIdentifier(this.schema);
      // The live feed as listeners open now have read it stays in place (the checkpoint row is
      // locked, so no live batch adds to it), with the rows this rebuild wrote for later events
      // added: those are few, where the live table holds every change of the last minutes.
      const carriedOver = this.projector.tables
        .filter((table) => this.keptInPlace(table))
        .map(
          (table) =>
            `INSERT INTO public.${quoteIdentifier(table)} SELECT * FROM ${fresh}.${quoteIdentifier(table)} ON CONFLICT DO NOTHING`,
        );
      // One round trip: each statement would otherwise wait its turn for the CPU while the swap holds the checkpoint row.
      await em.execute(
        [
          'SET LOCAL search_path TO public',
          ...(this.parked.length > 0
            ? []
            : [`DELETE FROM parked_events WHERE projector = ${quoteLiteral(this.projector.name)}`]),
          ...carriedOver,
          // The live tables are dropped here rather than moved aside and dropped after the swap:
          // the swap locks them anyway, and no statement or transaction follows it.
          ...this.projector.tables
            .filter((table) => !this.keptInPlace(table))
            .map(quoteIdentifier)
            .flatMap((table) => [
              `DROP TABLE IF EXISTS public.${table} CASCADE`,
              `ALTER TABLE ${fresh}.${table} SET SCHEMA public`,
            ]),
          `UPDATE projector_checkpoints SET commit_position = ${position.commit}, prepare_position = ${position.prepare},
             updated_at = now() WHERE name = ${quoteLiteral(this.projector.name)}`,
          this.dropSchemasSql(),
        ].join(';\n'),
      );
      return position;
    });
  }
}
