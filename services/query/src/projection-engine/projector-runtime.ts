import { setTimeout as sleep } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import { comparePositions, laterPosition, type Position, START } from '@reflections/contracts/position';
import type { EventStore, RecordedEvent, Subscription } from '@reflections/platform/event-store/event-store';
import { applyEvents } from './apply-events';
import { LiveBatches } from './batch-connection';
import { EventParked, type Failure, park } from './parked-events';
import { applyOrPark, DEFAULT_RETRY, type RetryPolicy } from './parking';
import { BatchPacing } from './batch-pacing';
import { BoardProgress } from './board-progress';
import { CheckpointBoard } from './projection-progress';
import { prepareProjector, ProjectionRebuild, type RebuildOptions } from './projection-rebuild';
import { eventTypesOf, type Projector } from './projector';
import { analyzeTables } from './table-statistics';
import { ProjectorCheckpoint } from './projector-checkpoint.entity';
import { quoteLiteral } from './quote-identifier';

export type { Applied } from './projection-progress';

/**
 * `checkpoint` is what the read models reflect; `stored` is the checkpoint row as this
 * runtime last wrote or read it, at `storedAt`. They differ only by batches the
 * projector had nothing to do with, which are not written at once (see project).
 */
type Running = {
  projector: Projector;
  batches: LiveBatches;
  subscription: Subscription | null;
  /** The subscription has read everything that was in the log when it started: it follows new appends now. */
  live: boolean;
  checkpoint: Position;
  stored: Position;
  storedAt: number;
  stopping: boolean;
  holdsReads: boolean;
  /** Events applied since the tables' statistics were last refreshed, how many call for the next refresh, and the refresh running. */
  appliedSinceAnalyze: number;
  analyzeAfter: number;
  analyzing: Promise<void> | null;
};

/**
 * A batch without an event the projector reads moves its checkpoint in memory only, and
 * is written with the next batch it reads or once this long has passed: every projector
 * sees every append, and most have nothing to do with it. A restart re-reads at most
 * this much of the log, finding nothing to apply.
 */
const IDLE_CHECKPOINT_INTERVAL_MS = 5_000;

/**
 * A projector's tables get fresh planner statistics (see table-statistics.ts) once it has
 * applied this many events since the last time, or as many events as their rows if that is
 * more: each time they may have doubled. What went wrong without it was a table analysed
 * while nearly empty; once analysed with some rows, the planner scales its estimates to the
 * table's current size by itself, and autovacuum's own analyse (at a tenth of the rows)
 * keeps the rest fresh. At a tenth here, ANALYZE cost a post 125–205 µs of PostgreSQL
 * time on tables of 10,000–20,000 rows (docs/performance.md).
 */
const ANALYZE_AFTER_EVENTS = 1_000;
const ANALYZE_AFTER_GROWTH = 1;
/**
 * While its tables held fewer rows than PostgreSQL's default sample (300 rows per unit of
 * the statistics target, 30,000 at the default of 100) at the last analysis, a projector
 * analyses at a target of 10, as a rebuild does: ten buckets and ten common values are
 * enough to walk an index rather than sort a table. Such a table was read whole at the
 * default, and it doubles often: in the forum bench those analyses cost a post 10–80 µs of
 * PostgreSQL (docs/performance.md, "Forum writes, issue 29 eighth pass"). Larger tables keep
 * the server's target: their sample costs the same at any size, and they double rarely.
 */
const SMALL_TABLE_ROWS = 30_000;
const SMALL_TABLE_STATISTICS_TARGET = 10;

/** The stored checkpoint is behind this runtime's: the projector was rebuilt elsewhere. */
export class CheckpointMovedBack extends Error {
  constructor(projector: string) {
    super(`projector ${projector} was rebuilt elsewhere; resuming from its stored checkpoint`);
    this.name = 'CheckpointMovedBack';
  }
}

const toPosition = (row: ProjectorCheckpoint): Position => ({
  commit: BigInt(row.commitPosition),
  prepare: BigInt(row.preparePosition),
});

/**
 * Runs projectors: each subscribes to all events from its own checkpoint and, per
 * batch, updates its rows and its checkpoint in one PostgreSQL transaction. The
 * checkpoint row is locked and events at or before it are skipped, so a crash, a
 * restart or a second replica never applies an event twice or loses one. An event that
 * cannot be applied is retried, then parked and passed (see parking.ts).
 */
export class ProjectorRuntime extends BoardProgress {
  private readonly running = new Map<string, Running>();
  private readonly pacing = new BatchPacing();
  /** Every running projector's checkpoint; a projector thread reports it to the thread that answers reads. */
  readonly checkpoints = new CheckpointBoard((readModels) => this.readerWaits(readModels));

  protected get board(): CheckpointBoard {
    return this.checkpoints;
  }

  constructor(
    private readonly orm: MikroORM,
    private readonly store: EventStore,
    private readonly options: {
      onError?: (projector: string, error: unknown) => void;
      /** Before resubscribing after the database was out of reach. */
      retryDelayMs?: number;
      /** Before parking an event that cannot be applied (see parking.ts). */
      retry?: RetryPolicy;
    } = {},
  ) {
    super();
  }

  /**
   * `holdsReads: false` for read models no member reads (analysts' reports): reads that
   * wait for their own writes (`position()`) do not wait for them.
   */
  async start(projectors: readonly Projector[], options: { holdsReads?: boolean } = {}): Promise<void> {
    for (const projector of projectors) {
      // The row always exists, so every batch of every replica locks the same row.
      await prepareProjector(this.orm, projector);
      const checkpoint = await this.loadCheckpoint(projector.name);
      const entry: Running = {
        projector,
        batches: new LiveBatches(this.orm),
        subscription: null,
        live: false,
        checkpoint,
        stored: checkpoint,
        storedAt: Date.now(),
        stopping: false,
        holdsReads: options.holdsReads ?? true,
        appliedSinceAnalyze: 0,
        analyzeAfter: ANALYZE_AFTER_EVENTS,
        analyzing: null,
      };
      this.running.set(projector.name, entry);
      this.advanced(entry);
      this.subscribe(entry);
    }
  }

  /** Resolves once every projector has read everything that was in the log when it started. */
  async caughtUp(): Promise<void> {
    await Promise.all([...this.running.values()].map((entry) => entry.subscription?.caughtUp));
  }

  /** A reader waits for the projectors of `readModels`, or all (here or in another thread): none of them rests until `done` is called. */
  readerWaits(readModels?: readonly string[]): () => void {
    return this.pacing.readerWaits(readModels);
  }

  /**
   * Replays the whole log into fresh tables and swaps them in once they have caught up
   * with the head (see ProjectionRebuild). The live tables keep serving, and this
   * runtime keeps projecting into them, until the swap.
   */
  async rebuild(name: string, options: RebuildOptions = {}): Promise<void> {
    const entry = this.running.get(name);
    if (!entry) throw new Error(`no projector named ${name}`);
    const report = (error: unknown) => this.options.onError?.(name, error);
    const swappedAt = await new ProjectionRebuild(this.orm, this.store, entry.projector).run({
      retry: this.options.retry,
      onError: report,
      onParked: (failure) => report(new EventParked(name, failure)),
      ...options,
    });
    // The swapped-in tables hold everything up to swappedAt; the next batch skips what they hold.
    entry.checkpoint = laterPosition(entry.checkpoint, swappedAt);
    entry.stored = swappedAt;
    entry.storedAt = Date.now();
    this.advanced(entry);
    this.checkpoints.applied({ projector: name, position: entry.checkpoint });
  }

  async stop(): Promise<void> {
    for (const entry of this.running.values()) entry.stopping = true;
    await Promise.all([...this.running.values()].map((entry) => entry.subscription?.stop()));
    await Promise.all([...this.running.values()].map((entry) => entry.analyzing));
    this.running.clear();
    this.checkpoints.forget();
  }

  private advanced(entry: Running) {
    this.checkpoints.report([{ name: entry.projector.name, position: entry.checkpoint, holdsReads: entry.holdsReads }]);
  }

  private subscribe(entry: Running) {
    let movedBack = false;
    const eventTypes = eventTypesOf(entry.projector);
    const subscription = this.store.subscribeToAll({
      after: comparePositions(entry.checkpoint, START) === 0 ? undefined : entry.checkpoint,
      filter: eventTypes ? { eventTypes } : undefined,
      onBatch: (events, checkpoint, atHead) => this.project(entry, events, checkpoint, atHead === true),
      onError: (error) => {
        if (error instanceof CheckpointMovedBack) movedBack = true;
        else this.options.onError?.(entry.projector.name, error);
      },
    });
    entry.subscription = subscription;
    entry.live = false;
    void subscription.caughtUp.then(() => {
      if (entry.subscription === subscription) entry.live = true;
    });
    // The database was out of reach, or the checkpoint moved elsewhere (an event that cannot be applied is parked instead): resume from the stored checkpoint.
    void subscription.stopped.then(() =>
      this.resubscribe(entry, subscription, movedBack ? 0 : (this.options.retryDelayMs ?? 1000)),
    );
  }

  /** Starts again from the stored checkpoint; while the database cannot be reached, keeps trying until stopped. */
  private async resubscribe(entry: Running, stopped: Subscription, delayMs: number): Promise<void> {
    await sleep(delayMs);
    if (entry.stopping || entry.subscription !== stopped) return;
    try {
      entry.checkpoint = await this.loadCheckpoint(entry.projector.name);
      entry.stored = entry.checkpoint;
      entry.storedAt = Date.now();
    } catch (error) {
      if (entry.stopping || entry.subscription !== stopped) return;
      this.options.onError?.(entry.projector.name, error);
      return this.resubscribe(entry, stopped, this.options.retryDelayMs ?? 1000);
    }
    this.advanced(entry);
    this.subscribe(entry);
  }

  private async project(
    entry: Running,
    events: readonly RecordedEvent[],
    checkpoint: Position,
    atHead: boolean,
  ): Promise<void> {
    const { name } = entry.projector;
    // The subscription delivers only the event types the projector reads.
    if (events.length === 0 && Date.now() - entry.storedAt < IDLE_CHECKPOINT_INTERVAL_MS) {
      entry.checkpoint = laterPosition(entry.checkpoint, checkpoint);
      this.advanced(entry);
      // Catching up, the next page is waiting; following live appends, the next one most likely holds nothing for it either.
      if (entry.live) await this.pacing.restIdle(entry.projector.name);
      return;
    }
    let handled = 0;
    const started = performance.now();
    await applyOrPark(
      events,
      checkpoint,
      {
        apply: async (batch, upTo) => {
          handled += await this.commit(entry, batch, upTo);
        },
        park: async (failure) => {
          await this.commit(entry, [], failure.event.position, failure);
        },
        retry: this.options.retry ?? DEFAULT_RETRY,
        onFailedAttempt: (error) => this.options.onError?.(name, error),
        onParked: (failure) => this.options.onError?.(name, new EventParked(name, failure)),
        stopping: () => entry.stopping,
      },
      (error) => error instanceof CheckpointMovedBack,
    );
    const stored = entry.stored;
    if (handled > 0) this.checkpoints.applied({ projector: name, position: stored });
    entry.appliedSinceAnalyze += handled;
    if (entry.appliedSinceAnalyze >= entry.analyzeAfter && !entry.analyzing) {
      entry.analyzing = this.refreshStatistics(entry).finally(() => {
        entry.analyzing = null;
      });
    }
    await this.pacing.rest(events.length, performance.now() - started, name, atHead);
  }

  /**
   * One transaction: locks the checkpoint row, applies the events it has not seen, records
   * `parked` if given, and moves the checkpoint to `upTo`. Answers how many events had a handler.
   */
  private async commit(
    entry: Running,
    events: readonly RecordedEvent[],
    upTo: Position,
    parked?: Failure,
  ): Promise<number> {
    const { name, handlers } = entry.projector;
    let handled = 0;
    // Sent with BEGIN and COMMIT, as texts without parameters.
    const literal = quoteLiteral(name);
    const stored = await entry.batches.run<{ commit: string; prepare: string }, Position>(
      `BEGIN; SELECT commit_position::text AS commit, prepare_position::text AS prepare FROM projector_checkpoints WHERE name = ${literal} FOR UPDATE`,
      async (em, [row]) => {
        if (!row) throw new Error(`projector ${name} has no checkpoint row`);
        const from: Position = { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
        // Someone rebuilt the projector behind our back: our batch misses the events
        // between the stored checkpoint and what we had applied, so start again from there.
        if (comparePositions(from, entry.stored) < 0) throw new CheckpointMovedBack(name);
        const unseen = events.filter((event) => comparePositions(event.position, from) > 0);
        handled = unseen.filter((event) => handlers[event.type]).length;
        await applyEvents(em, entry.projector, unseen);
        if (parked && comparePositions(parked.event.position, from) > 0) await park(em, name, [parked]);
        const next = comparePositions(upTo, from) > 0 ? upTo : from;
        return {
          result: next,
          close: `UPDATE projector_checkpoints SET commit_position = ${next.commit}, prepare_position = ${next.prepare}, updated_at = now() WHERE name = ${literal}; COMMIT`,
        };
      },
    );
    entry.checkpoint = stored;
    entry.stored = stored;
    entry.storedAt = Date.now();
    this.advanced(entry);
    return handled;
  }

  /**
   * Beside the projection, not in its way: ANALYZE of a large table reads thousands of
   * pages, and waits for a VACUUM of it to give way. A failure loses nothing; the next
   * threshold tries again.
   */
  private async refreshStatistics(entry: Running): Promise<void> {
    entry.appliedSinceAnalyze = 0;
    try {
      // analyzeAfter is what the tables held at the last analysis (at least ANALYZE_AFTER_EVENTS).
      const small = entry.analyzeAfter < SMALL_TABLE_ROWS * ANALYZE_AFTER_GROWTH;
      const rows = await analyzeTables(this.orm.em.fork(), entry.projector.tables, {
        statisticsTarget: small ? SMALL_TABLE_STATISTICS_TARGET : undefined,
      });
      entry.analyzeAfter = Math.max(ANALYZE_AFTER_EVENTS, rows * ANALYZE_AFTER_GROWTH);
    } catch (error) {
      if (!entry.stopping) this.options.onError?.(entry.projector.name, error);
    }
  }

  private async loadCheckpoint(name: string): Promise<Position> {
    const row = await this.orm.em.fork().findOne(ProjectorCheckpoint, { name });
    return row ? toPosition(row) : START;
  }
}
