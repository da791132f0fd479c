import { LRUCache } from 'lru-cache';

/** Streams whose last revision a process remembers; the least recently appended are forgotten first. */
const MAX_STREAMS = 10_000;

/**
 * The last revision of the streams this process appended to, as it saw them committed. A
 * revision once committed stays (events are never deleted), so a remembered revision is
 * one the stream has reached; another process may have appended since, and then the append
 * that relied on it fails the unique key on (stream, revision) and is made again after
 * reading the stream. It spares an append the read of its stream's last revision, which a
 * lone writer paid on every append (PostgreSQL CPU beside a raw INSERT, docs/performance.md).
 *
 * A stream another process also appends to (a member's journal: his entries from the command
 * service, RAI's replies from a worker) would pay that refused statement on nearly every
 * append, so once another writer shows, the stream's revision is read in the append's own
 * statement from then on, as for a stream never seen.
 *
 * Kept in `lru-cache`, not a Map whose first key is deleted once it is full: a Map keeps a
 * deleted entry's slot until it is rebuilt, and finding its first key walks past every such
 * slot, so with a new stream per forum post that walk cost each post about 7 µs of the thread
 * that answers requests (docs/performance.md, forum writes, fourteenth pass).
 */
export class KnownRevisions {
  private readonly revisions: LRUCache<string, bigint>;
  private readonly shared: LRUCache<string, true>;

  constructor(maxStreams = MAX_STREAMS) {
    this.revisions = new LRUCache({ max: maxStreams });
    this.shared = new LRUCache({ max: maxStreams });
  }

  of(stream: string): bigint | undefined {
    return this.shared.has(stream) ? undefined : this.revisions.peek(stream);
  }

  /** An append committed the stream up to `revision`; appends answered out of order never move it back. */
  saw(stream: string, revision: bigint) {
    if (this.shared.has(stream)) return;
    const was = this.revisions.peek(stream);
    if (was !== undefined && was > revision) return;
    this.revisions.set(stream, revision);
  }

  /** Another process took a revision of this stream: its revisions are not remembered any more. */
  writtenElsewhere(stream: string) {
    this.revisions.delete(stream);
    this.shared.set(stream, true);
  }
}
