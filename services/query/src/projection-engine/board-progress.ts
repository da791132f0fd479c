import type { Position } from '@reflections/contracts/position';
import type { Applied, CheckpointBoard, ProjectionProgress } from './projection-progress';

/**
 * Progress answered from a board of checkpoints, however they reach it: the projector
 * runtime reports its own, the projector thread's owner hears the thread's, and the
 * checkpoints shared between replicas hear every holder's. Each says only how its board
 * is fed and when it has caught up.
 */
export abstract class BoardProgress implements ProjectionProgress {
  protected abstract readonly board: CheckpointBoard;

  abstract caughtUp(): Promise<void>;

  position(): Position {
    return this.board.position();
  }

  latest(): Position {
    return this.board.latest();
  }

  behind(position: Position, readModels?: readonly string[]): string[] {
    return this.board.behind(position, readModels);
  }

  waitFor(position: Position, timeoutMs: number, readModels?: readonly string[]): Promise<boolean> {
    return this.board.waitFor(position, timeoutMs, readModels);
  }

  onApplied(listener: (applied: Applied) => void): () => void {
    return this.board.onApplied(listener);
  }
}
