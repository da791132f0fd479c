/** Streams whose last revision a process remembers; the least recently appended are forgotten first. */
const MAX_STREAMS = 10_000;

/**
 * The last revision of the streams this process appended to, as it saw them committed. A
 * revision once committed stays (events are never deleted), so a remembered revision is
 * one the stream has reached; another process may have appended since, and then the append
 * that relied on it fails the unique key on (stream, revision) and is made again after
 * reading the stream. It spares an append the read of its stream's last revision, which a
 * lone writer paid on every append (PostgreSQL CPU beside a raw INSERT, docs/performance.md).
 */
export class KnownRevisions {
  private readonly revisions = new Map<string, bigint>();

  of(stream: string): bigint | undefined {
    return this.revisions.get(stream);
  }

  /** An append committed the stream up to `revision`; appends answered out of order never move it back. */
  saw(stream: string, revision: bigint) {
    const was = this.revisions.get(stream);
    if (was !== undefined) {
      if (was > revision) return;
      // Deleted and set again, so the Map's order stays the order of last use.
      this.revisions.delete(stream);
    } else if (this.revisions.size >= MAX_STREAMS) {
      this.revisions.delete(this.revisions.keys().next().value!);
    }
    this.revisions.set(stream, revision);
  }

  forget(stream: string) {
    this.revisions.delete(stream);
  }
}
