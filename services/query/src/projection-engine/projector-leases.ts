import pg from 'pg';
import { comparePositions, type Position } from '@reflections/contracts/position';
import { CHECKPOINT_CHANNEL, encodeNotice, MAX_PER_NOTICE } from './checkpoint-notices';
import type { Applied } from './projection-progress';
import type { Projector } from './projector';
import type { ProjectorRuntime } from './projector-runtime';

/** The first key of every projector's advisory lock; the second is hashtext(name). A rebuild's lock uses 7412010. */
const LEASE_LOCK_CLASS = 7412011;
/** How often a replica tries to take the projectors it does not run: a dead holder's projectors move within about this long. */
export const LEASE_RETRY_MS = 1_000;
/** How often a holder announces every checkpoint it holds, moved or not: readers elsewhere know it is alive. */
export const HEARTBEAT_MS = 250;

export type LeaseCandidate = { projector: Projector; holdsReads: boolean };

/**
 * Runs each projector in exactly one query replica at a time. A session-level advisory
 * lock per projector, on a connection of its own, is the lease: a replica runs the
 * projectors whose lock it took, and keeps trying for the others, so when a holder dies
 * (its session ends, PostgreSQL drops its locks) another takes them over within
 * LEASE_RETRY_MS. Losing the connection loses every lease: the projectors stop here
 * before anyone else can take them, and start again once the locks are back. Even an
 * overlap would apply nothing twice: every batch locks the projector's checkpoint row.
 *
 * The same connection announces the checkpoints of the projectors held here on
 * CHECKPOINT_CHANNEL (after each commit, and every HEARTBEAT_MS), for every replica's
 * read-your-writes and live views (see SharedCheckpoints).
 */
export class ProjectorLeases {
  private client: pg.Client | null = null;
  private readonly held = new Set<string>();
  private stopping = false;
  private work: Promise<void> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  private readonly sent = new Map<string, Position>();
  private applied: Applied[] = [];
  private scheduled = false;
  private announcing = false;
  private again: 'moved' | 'all' | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly runtime: ProjectorRuntime,
    private readonly candidates: readonly LeaseCandidate[],
    private readonly options: { retryMs?: number; heartbeatMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  async start(): Promise<void> {
    this.runtime.checkpoints.onAdvanced(() => this.announceSoon());
    this.runtime.checkpoints.onApplied((applied) => {
      this.applied.push(applied);
      this.announceSoon();
    });
    await this.serially(() => this.takeFreeLeases());
    this.timers = [
      setInterval(() => void this.serially(() => this.takeFreeLeases()), this.options.retryMs ?? LEASE_RETRY_MS),
      setInterval(() => void this.announce('all'), this.options.heartbeatMs ?? HEARTBEAT_MS),
    ];
  }

  /** The projectors running here now. */
  holding(): string[] {
    return [...this.held];
  }

  /** Stops the projectors here, then gives their leases back. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.timers.forEach(clearInterval);
    await this.serially(async () => {
      await this.runtime.stop();
      const client = this.client;
      this.client = null;
      await client?.end().catch(() => undefined);
    });
  }

  private serially(step: () => Promise<void>): Promise<void> {
    this.work = this.work.then(step).catch((error: unknown) => this.options.onError?.(error));
    return this.work;
  }

  private async connected(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'projector-leases' });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client !== client || this.stopping) return;
      this.client = null;
      if (error) this.options.onError?.(error);
      void this.serially(() => this.loseLeases());
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    await client.connect();
    this.client = client;
    return client;
  }

  private async takeFreeLeases(): Promise<void> {
    if (this.stopping || this.held.size === this.candidates.length) return;
    const client = await this.connected();
    for (const { projector, holdsReads } of this.candidates) {
      if (this.held.has(projector.name) || this.stopping) continue;
      const { rows } = await client.query<{ taken: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS taken',
        [LEASE_LOCK_CLASS, projector.name],
      );
      if (!rows[0]?.taken) continue;
      try {
        await this.runtime.start([projector], { holdsReads });
        this.held.add(projector.name);
      } catch (error) {
        // Not running here: give the lease back, so this replica or another tries again.
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LEASE_LOCK_CLASS, projector.name]);
        throw error;
      }
    }
  }

  /** The session is gone, and with it every lock: another replica may already run these projectors. */
  private async loseLeases(): Promise<void> {
    this.held.clear();
    this.sent.clear();
    await this.runtime.stop();
  }

  private announceSoon() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.announce('moved');
    });
  }

  /** One NOTIFY at a time from this connection; what moves meanwhile goes in the next. */
  private async announce(what: 'moved' | 'all'): Promise<void> {
    const client = this.client;
    if (!client || this.stopping) return;
    if (this.announcing) {
      this.again = what === 'all' || this.again === 'all' ? 'all' : 'moved';
      return;
    }
    const checkpoints = this.runtime.checkpoints.all().filter((checkpoint) => {
      const sent = this.sent.get(checkpoint.name);
      return what === 'all' || !sent || comparePositions(sent, checkpoint.position) !== 0;
    });
    const applied = this.applied;
    this.applied = [];
    if (checkpoints.length === 0 && applied.length === 0) return;
    this.announcing = true;
    try {
      for (let at = 0; at < Math.max(checkpoints.length, applied.length); at += MAX_PER_NOTICE) {
        const notice = {
          checkpoints: checkpoints.slice(at, at + MAX_PER_NOTICE),
          applied: applied.slice(at, at + MAX_PER_NOTICE),
        };
        await client.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, encodeNotice(notice)]);
      }
      checkpoints.forEach((checkpoint) => this.sent.set(checkpoint.name, checkpoint.position));
    } catch (error) {
      if (!this.stopping) this.options.onError?.(error);
    } finally {
      this.announcing = false;
      const again = this.again;
      this.again = null;
      if (again) void this.announce(again);
    }
  }
}
