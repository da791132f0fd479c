/**
 * A global position in the event log. EventStoreDB positions are a (commit, prepare)
 * pair; the PostgreSQL store uses (transaction id, sequence), which orders events the
 * way they became visible. On the wire (X-Position, X-Min-Position) it is "commit:prepare".
 */
export type Position = { readonly commit: bigint; readonly prepare: bigint };

export const START: Position = { commit: 0n, prepare: 0n };

export const formatPosition = (position: Position) => `${position.commit}:${position.prepare}`;

export function parsePosition(text: string | null | undefined): Position | null {
  const match = /^(\d{1,20}):(\d{1,20})$/.exec((text ?? '').trim());
  return match ? { commit: BigInt(match[1]), prepare: BigInt(match[2]) } : null;
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export const laterPosition = (a: Position, b: Position) => (comparePositions(a, b) >= 0 ? a : b);
