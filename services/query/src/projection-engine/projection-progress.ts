import { EventEmitter } from 'node:events';
import { comparePositions, type Position, START } from '@reflections/contracts/position';

/** A batch that changed read models: which projector, and the checkpoint it reached. */
export type Applied = { readonly projector: string; readonly position: Position };

export type Checkpoint = { readonly name: string; readonly position: Position; readonly holdsReads: boolean };

/**
 * What the read side needs to know of the projectors, wherever they run (this thread or a
 * thread of their own): how far the read models reach, and when they change.
 */
export type ProjectionProgress = {
  /** The lowest checkpoint among the projectors that hold reads: everything at or before it is in their read models. */
  position(): Position;
  /** The highest checkpoint among the projectors: no read model has seen anything after it. */
  latest(): Position;
  /**
   * The projectors that hold reads and have not passed `position`: among `readModels` when
   * given (a route's declared read models, see read-your-writes.ts), otherwise all of them.
   */
  behind(position: Position, readModels?: readonly string[]): string[];
  /**
   * Waits until every projector that holds reads (among `readModels` when given) has
   * passed `position`; false if `timeoutMs` ran out first.
   */
  waitFor(position: Position, timeoutMs: number, readModels?: readonly string[]): Promise<boolean>;
  /** Calls `listener` after every committed batch in which a projector handled at least one event. */
  onApplied(listener: (applied: Applied) => void): () => void;
  /** Resolves once every projector has read everything that was in the log when it started. */
  caughtUp(): Promise<void>;
  /**
   * With projectors in other replicas (see SharedCheckpoints): whether every projector that
   * holds reads (among `readModels` when given) announced its checkpoint at or after `time`
   * (a Date.now()), that is, some replica runs it. Absent where they all run in this process.
   */
  reportedSince?(time: number, readModels?: readonly string[]): boolean;
  /**
   * A reader waits for the projectors of `readModels` (all, when not given) that run here:
   * they skip their rests until the function it answers is called (see BatchPacing).
   */
  readerWaits?(readModels?: readonly string[]): () => void;
};

/**
 * Every projector's checkpoint as its runtime last reported it, and the waiting that goes
 * with it. `readerWaits` is told when a reader starts waiting for the projectors (those of
 * `readModels`, or all); the function it answers is called when that reader stops.
 */
export class CheckpointBoard {
  private readonly checkpoints = new Map<string, Checkpoint>();
  private readonly changes = new EventEmitter();

  constructor(private readonly readerWaits: (readModels?: readonly string[]) => () => void = () => () => undefined) {
    this.changes.setMaxListeners(0);
  }

  /** Records checkpoints (new or moved) and wakes whoever waits on them. */
  report(checkpoints: readonly Checkpoint[]): void {
    for (const checkpoint of checkpoints) this.checkpoints.set(checkpoint.name, checkpoint);
    this.changes.emit('advanced');
  }

  applied(applied: Applied): void {
    this.changes.emit('applied', applied);
  }

  forget(): void {
    this.checkpoints.clear();
  }

  all(): Checkpoint[] {
    return [...this.checkpoints.values()];
  }

  position(): Position {
    const held = this.all().filter((checkpoint) => checkpoint.holdsReads);
    return held.reduce(
      (lowest, next) => (comparePositions(next.position, lowest) < 0 ? next.position : lowest),
      held[0]?.position ?? START,
    );
  }

  latest(): Position {
    return this.all().reduce(
      (highest, next) => (comparePositions(next.position, highest) > 0 ? next.position : highest),
      START,
    );
  }

  /**
   * A name in `readModels` that no projector here has is not waited for: every projector
   * is on the board before the app answers (its runtime, thread or SharedCheckpoints put
   * it there at start), so such a name belongs to a read model no read waits for.
   */
  behind(position: Position, readModels?: readonly string[]): string[] {
    const behind: string[] = [];
    for (const checkpoint of this.checkpoints.values()) {
      if (!checkpoint.holdsReads || comparePositions(checkpoint.position, position) >= 0) continue;
      if (!readModels || readModels.includes(checkpoint.name)) behind.push(checkpoint.name);
    }
    return behind;
  }

  async waitFor(position: Position, timeoutMs: number, readModels?: readonly string[]): Promise<boolean> {
    const reached = () =>
      readModels ? this.behind(position, readModels).length === 0 : comparePositions(this.position(), position) >= 0;
    if (reached()) return true;
    const stopWaiting = this.readerWaits(readModels);
    return new Promise<boolean>((resolve) => {
      const check = () => {
        if (reached()) finish(true);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (reached: boolean) => {
        clearTimeout(timer);
        this.changes.off('advanced', check);
        stopWaiting();
        resolve(reached);
      };
      this.changes.on('advanced', check);
    });
  }

  onApplied(listener: (applied: Applied) => void): () => void {
    this.changes.on('applied', listener);
    return () => this.changes.off('applied', listener);
  }

  /** Calls `listener` whenever a checkpoint moves. */
  onAdvanced(listener: () => void): () => void {
    this.changes.on('advanced', listener);
    return () => this.changes.off('advanced', listener);
  }
}
