import { formatPosition, parsePosition, type Position } from '@reflections/contracts/position';
import type { Applied } from './projection-progress';

/**
 * The PostgreSQL channel on which whoever runs a projector announces its checkpoints, and
 * every query replica listens: read-your-writes and the live views of every replica
 * follow the log's checkpoints, whichever replica projected them.
 */
export const CHECKPOINT_CHANNEL = 'projector_checkpoints';

/** One NOTIFY: checkpoints that moved (or all held, as a heartbeat) and the batches that changed read models. */
export type CheckpointNotice = { checkpoints: { name: string; position: Position }[]; applied: Applied[] };

type Wire = { c: [string, string][]; a: [string, string][] };

/** Well under PostgreSQL's 8000-byte payload limit: about 40 bytes per checkpoint or batch, 40 of each at most. */
export const MAX_PER_NOTICE = 40;

export function encodeNotice(notice: CheckpointNotice): string {
  const wire: Wire = {
    c: notice.checkpoints.map((checkpoint) => [checkpoint.name, formatPosition(checkpoint.position)]),
    a: notice.applied.map((applied) => [applied.projector, formatPosition(applied.position)]),
  };
  return JSON.stringify(wire);
}

/** Null for a payload this code did not write. */
export function decodeNotice(payload: string | undefined): CheckpointNotice | null {
  try {
    const wire = JSON.parse(payload ?? '') as Wire;
    const pairs = (list: unknown) =>
      (Array.isArray(list) ? list : []).flatMap((pair: unknown) => {
        if (!Array.isArray(pair) || typeof pair[0] !== 'string') return [];
        const position = parsePosition(String(pair[1]));
        return position ? [{ name: pair[0], position }] : [];
      });
    return {
      checkpoints: pairs(wire.c),
      applied: pairs(wire.a).map(({ name, position }) => ({ projector: name, position })),
    };
  } catch {
    return null;
  }
}
