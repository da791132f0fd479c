import type { Applied, Checkpoint } from './projection-progress';

/** What the projector thread is started with: where the read models and the event log are. */
export type ProjectorThreadData = {
  databaseUrl: string;
  eventStoreUrl: string | null;
  /** Several query replicas share the database: run only the projectors whose lease this one takes (see ProjectorLeases). */
  leases?: boolean;
};

/** From the thread that answers reads to the projector thread. */
export type ToProjectorThread =
  /**
   * Whether any reader waits for its own writes, and for which projectors (`readModels`;
   * absent: all): those do not rest while one does.
   */
  { type: 'readers'; waiting: boolean; readModels?: string[] } | { type: 'caughtUp'; id: number } | { type: 'stop' };

/** From the projector thread. */
export type FromProjectorThread =
  | { type: 'started'; checkpoints: Checkpoint[] }
  /** Every checkpoint after one or more batches, and the batches that changed read models. */
  | { type: 'progress'; checkpoints: Checkpoint[]; applied: Applied[] }
  | { type: 'caughtUp'; id: number }
  | { type: 'stopped' };
