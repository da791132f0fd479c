/** Streams whose last revision a process remembers; the least recently appended are forgotten first. */
const MAX_STREAMS = 10_000;

/** A Map used as a set whose oldest entries go first once it holds `max`. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  // Deleted and set again, so the Map's order stays the order of last use.
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

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
 */
export class KnownRevisions {
  private readonly revisions = new Map<string, bigint>();
  private readonly shared = new Map<string, true>();

  of(stream: string): bigint | undefined {
    return this.shared.has(stream) ? undefined : this.revisions.get(stream);
  }

  /** An append committed the stream up to `revision`; appends answered out of order never move it back. */
  saw(stream: string, revision: bigint) {
    if (this.shared.has(stream)) return;
    const was = this.revisions.get(stream);
    if (was !== undefined && was > revision) return;
    remember(this.revisions, stream, revision, MAX_STREAMS);
  }

  /** Another process took a revision of this stream: its revisions are not remembered any more. */
  writtenElsewhere(stream: string) {
    this.revisions.delete(stream);
    remember(this.shared, stream, true, MAX_STREAMS);
  }
}
