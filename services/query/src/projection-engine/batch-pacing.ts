/** A batch with fewer events than this is a projector keeping up live, not catching up. */
const SMALL_BATCH = 64;
/**
 * From a page that reached the log's head (the projector follows new appends, it is not
 * catching up), a batch with fewer events than this rests too: a projector keeping up with a
 * burst of posts then writes a few hundred at a time rather than about a hundred, and every
 * batch costs each projector a transaction with its commit. In the forum bench PostgreSQL's
 * CPU per post fell by 13–15% in three same-moment pairs (docs/performance.md, "Forum
 * writes, issue 29 eighth pass"). Only at the head: a full page means more is waiting, and a
 * projector catching up never rests for a batch of its own events that a page of others thinned.
 */
const LIVE_BATCH = 256;
/**
 * Rest up to this many times as long as the last small batch took: a projector keeping up
 * live spends at most a forty-first of its time in transactions. With 4 and 25 ms, the
 * projectors took 0.24 of a core while members posted 680 times a second; with 20, 0.15,
 * and members posted 770-860 times a second (the forum bench's 16 members). From 20 to 40
 * the projectors' CPU per post fell by 7-13% (posts, replies) beside the old pacing in the
 * same moment (docs/performance.md, forum writes, fourth pass); MAX_REST_MS still bounds
 * how late a watcher who did not ask hears of a change.
 */
const REST_PER_BATCH_TIME = 40;
/** Nobody waiting on a read model waits for a rest; only watchers who did not ask, such as the admin's live view, see changes this much later. */
const MAX_REST_MS = 200;
/**
 * The rest after a batch with nothing for the projector (most of them: every projector
 * sees every append). Without it, each projector with nothing to do read the log's tail
 * again at every append; with 50 ms, members posted about 5% faster in the forum bench.
 */
const IDLE_REST_MS = 50;

/**
 * Paces projectors that keep up with a stream of writes. Each batch costs a transaction
 * of several round trips whether it carries one event or thirty, and those round trips
 * share the machine (and, without a projector thread, the event loop) with the requests
 * that write the events: a projector that starts a new batch for every append takes
 * CPU from them. So after a small batch a
 * projector rests a little (longer when the machine is busy, since its batches then take
 * longer) and takes everything that arrived meanwhile in one batch. Nobody waits for the
 * rest: while a reader waits for its own writes (read-your-writes), the rests of the
 * projectors it waits for end.
 */
export class BatchPacing {
  /** Readers waiting for every projector; readers waiting for named ones (a route's declared read models), per name. */
  private readersOfAll = 0;
  private readonly readersOf = new Map<string, number>();
  private readonly resting = new Map<() => void, string | undefined>();

  /** Rests after a batch of `size` events that took `tookMs` (`atHead`: from a page that reached the log's head), unless a reader waits for `projector`. */
  async rest(size: number, tookMs: number, projector?: string, atHead = false): Promise<void> {
    if (size >= (atHead ? LIVE_BATCH : SMALL_BATCH) || this.awaited(projector)) return;
    const ms = Math.min(MAX_REST_MS, REST_PER_BATCH_TIME * tookMs);
    if (ms >= 1) await this.restFor(ms, projector);
  }

  /** Rests after a batch that held nothing for `projector`, unless a reader waits for it. */
  async restIdle(projector?: string): Promise<void> {
    if (this.awaited(projector)) return;
    await this.restFor(IDLE_REST_MS, projector);
  }

  /**
   * A reader waits for `projectors` (every one, when not given): ends their rests until
   * `done` is called. The others go on resting: they take CPU from the ones it waits for.
   */
  readerWaits(projectors?: readonly string[]): () => void {
    if (projectors) projectors.forEach((name) => this.readersOf.set(name, (this.readersOf.get(name) ?? 0) + 1));
    else this.readersOfAll++;
    for (const [done, projector] of [...this.resting]) if (this.awaited(projector)) done();
    let waiting = true;
    return () => {
      if (!waiting) return;
      waiting = false;
      if (!projectors) this.readersOfAll--;
      for (const name of projectors ?? []) {
        const left = (this.readersOf.get(name) ?? 1) - 1;
        if (left > 0) this.readersOf.set(name, left);
        else this.readersOf.delete(name);
      }
    };
  }

  private awaited(projector: string | undefined): boolean {
    return this.readersOfAll > 0 || (projector !== undefined && this.readersOf.has(projector));
  }

  private restFor(ms: number, projector: string | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.resting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.resting.set(done, projector);
    });
  }
}
