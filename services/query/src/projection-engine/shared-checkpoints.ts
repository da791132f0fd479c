import pg from 'pg';
import { comparePositions, type Position, START } from '@reflections/contracts/position';
import { CHECKPOINT_CHANNEL, type CheckpointNotice, decodeNotice } from './checkpoint-notices';
import { BoardProgress } from './board-progress';
import { CheckpointBoard, type ProjectionProgress } from './projection-progress';

/** Between attempts to listen again after the connection dropped. */
const RECONNECT_MS = 1_000;
/** The stored checkpoints are read again this often: a notice missed while reconnecting costs at most this long. */
const POLL_MS = 5_000;

export type SharedProjector = { name: string; holdsReads: boolean };

/**
 * What one query replica knows of every projector, wherever it runs: the checkpoints
 * their holders announce on CHECKPOINT_CHANNEL (see ProjectorLeases), this replica's
 * included, and the stored checkpoints at start and every POLL_MS. Read-your-writes
 * and the admin's live view read this, so a replica that runs none of the projectors
 * serves reads as fresh as the one that runs them, and hears every change.
 */
export class SharedCheckpoints extends BoardProgress {
  // A reader here hurries the projectors this replica runs; those of other replicas rest as they would.
  protected readonly board = new CheckpointBoard(
    (readModels) => this.local.readerWaits?.(readModels) ?? (() => undefined),
  );
  private readonly reportedAt = new Map<string, number>();
  private client: pg.Client | null = null;
  private stopped = false;
  private poll: NodeJS.Timeout | null = null;

  private constructor(
    private readonly databaseUrl: string,
    private readonly local: ProjectionProgress,
    private readonly projectors: readonly SharedProjector[],
  ) {
    super();
    // Unknown until heard of: reads wait for every projector that holds them.
    this.board.report(projectors.map(({ name, holdsReads }) => ({ name, holdsReads, position: START })));
  }

  /** `local` is this replica's own projector runtime (or thread), for caughtUp. */
  static async start(
    databaseUrl: string,
    local: ProjectionProgress,
    projectors: readonly SharedProjector[],
  ): Promise<SharedCheckpoints> {
    const shared = new SharedCheckpoints(databaseUrl, local, projectors);
    await shared.listen();
    shared.poll = setInterval(() => void shared.readStored().catch(() => undefined), POLL_MS);
    return shared;
  }

  caughtUp(): Promise<void> {
    return this.local.caughtUp();
  }

  reportedSince(time: number, readModels?: readonly string[]): boolean {
    return this.projectors.every(
      ({ name, holdsReads }) =>
        !holdsReads || (readModels && !readModels.includes(name)) || (this.reportedAt.get(name) ?? 0) >= time,
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'checkpoint-listener' });
    let lost = false;
    const onLost = () => {
      if (lost || this.stopped) return;
      lost = true;
      this.client = null;
      setTimeout(() => void this.listen().catch(() => undefined), RECONNECT_MS);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      const notice = message.channel === CHECKPOINT_CHANNEL ? decodeNotice(message.payload) : null;
      if (notice) this.hear(notice);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
      this.client = client;
      await this.readStored();
    } catch (error) {
      onLost();
      throw error;
    }
  }

  private hear(notice: CheckpointNotice) {
    const now = Date.now();
    this.advance(notice.checkpoints);
    notice.checkpoints.forEach(({ name }) => this.reportedAt.set(name, now));
    notice.applied.forEach((applied) => this.board.applied(applied));
  }

  private async readStored(): Promise<void> {
    if (!this.client) return;
    const { rows } = await this.client.query<{ name: string; commit: string; prepare: string }>(
      'SELECT name, commit_position::text AS commit, prepare_position::text AS prepare FROM projector_checkpoints',
    );
    this.advance(
      rows.map((row) => ({ name: row.name, position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } })),
    );
  }

  /** Checkpoints only move forward here: a notice and a stored row may arrive in either order. */
  private advance(checkpoints: readonly { name: string; position: Position }[]) {
    const known = new Map(this.board.all().map((checkpoint) => [checkpoint.name, checkpoint]));
    const moved = checkpoints.flatMap(({ name, position }) => {
      const current = known.get(name);
      return current && comparePositions(position, current.position) > 0 ? [{ ...current, position }] : [];
    });
    if (moved.length > 0) this.board.report(moved);
  }
}
