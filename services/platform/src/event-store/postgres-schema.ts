import type { ExpectedRevision } from './event-store';

/**
 * The PostgreSQL event store's schema. Every row records the id of the transaction
 * that wrote it; readers take only rows whose transaction is older than every
 * transaction still running (pg_snapshot_xmin), ordered by (transaction id, sequence).
 * That order never changes once read, so a subscriber never skips an event that a
 * slower concurrent transaction commits later (the sequence-gap problem; the approach
 * is Emmett's). An append is one INSERT (see appendStatement): a stream's revision is
 * the highest revision of its events, and the unique key on (stream, revision) is what
 * stops two writers from taking the same one, so an append writes its events and nothing
 * else, as a raw INSERT of them would. The NOTIFY that wakes other processes rides in an
 * append's statement at most every few milliseconds (see Notifier in
 * postgres-event-store.ts): a NOTIFY holds a global lock through its transaction's commit,
 * so it must not be in every append, and a NOTIFY on its own is a transaction and a WAL
 * flush of its own.
 */
export const EVENT_STORE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS es_events (
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  sequence bigserial NOT NULL,
  event_id uuid NOT NULL,
  stream_name text NOT NULL,
  stream_revision bigint NOT NULL,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (transaction_id, sequence),
  CONSTRAINT es_events_event_id_key UNIQUE (event_id),
  CONSTRAINT es_events_stream_revision_key UNIQUE (stream_name, stream_revision)
);

DROP INDEX IF EXISTS es_events_type_idx;

DROP FUNCTION IF EXISTS es_append(text, text, uuid[], text[], jsonb[], jsonb[]);

-- A stream's revision is read from its events now (see appendStatement); the row per stream went with it.
DROP TABLE IF EXISTS es_streams;
`;

/**
 * The statement kind an expected revision calls for: a revision number is an exact one.
 * `known` is the store's own: the append's revision comes from the stream's last revision
 * that this process saw committed ($7), with nothing read first (see KnownRevisions).
 */
export type AppendKind = 'any' | 'no_stream' | 'stream_exists' | 'exact' | 'known';

export const appendKind = (expected: ExpectedRevision): Exclude<AppendKind, 'known'> =>
  typeof expected === 'bigint' ? 'exact' : expected;

/** The constraint an append breaks when another writer took the revision it meant to write. */
export const REVISION_TAKEN = 'es_events_stream_revision_key';

/**
 * The stream's revision before the append, as one row, or no row when the expected revision
 * does not hold ($1 the stream, $7 an exact revision). A stream's revisions have no gaps, so
 * "the stream is at r" is "r exists" plus "r + 1 does not", and the unique key checks the
 * second, also against a writer that has not committed yet: it waits for him, and fails if
 * he commits. no_stream needs no read at all: revision 0 taken means the stream exists.
 */
const BEFORE: Record<AppendKind, string> = {
  no_stream: 'SELECT -1::bigint AS revision',
  // Revision $7 was committed and events are never deleted: r + 1 free means the stream is at r.
  known: 'SELECT $7::bigint AS revision',
  exact: `SELECT $7::bigint AS revision
          WHERE EXISTS (SELECT 1 FROM es_events WHERE stream_name = $1 AND stream_revision = $7::bigint)`,
  any: 'SELECT coalesce(max(stream_revision), -1) AS revision FROM es_events WHERE stream_name = $1',
  stream_exists: `SELECT max(stream_revision) AS revision FROM es_events WHERE stream_name = $1
                  HAVING max(stream_revision) IS NOT NULL`,
};

const INSERT_EVENTS = 'INSERT INTO es_events (event_id, stream_name, stream_revision, event_type, data, metadata)';
/**
 * One text column per event, "revision transaction sequence": node-postgres describes the
 * result and builds a parser per column on every execution, which for four columns cost a
 * lone writer a noticeable share of his CPU per append (see parseAppended). $6 says whether
 * this append carries the NOTIFY (it adds nothing to the text); several of one transaction
 * are sent as one.
 */
const RETURNING = `RETURNING concat(stream_revision, ' ', transaction_id, ' ', sequence,
  CASE WHEN $6::boolean THEN pg_notify('es_events', '')::text END) AS appended`;

/** An append statement's answer: one row per event written, none when the expected revision does not hold. */
export type AppendedRow = [appended: string];

/** The last event's "revision transaction sequence" of an append statement's rows, or null for none. */
export function parseAppended(rows: readonly AppendedRow[]): {
  next_revision: string;
  transaction_id: string;
  last_sequence: string;
} | null {
  let last: string[] | null = null;
  for (const [appended] of rows) {
    const fields = appended.split(' ');
    if (last === null || BigInt(fields[2]) > BigInt(last[2])) last = fields;
  }
  return last && { next_revision: last[0], transaction_id: last[1], last_sequence: last[2] };
}

/**
 * One statement per kind of expected revision and per shape: one event as plain parameters
 * ($2 id, $3 type, $4 data, $5 metadata: what a raw INSERT sends), several as arrays. It
 * answers a row per event written, none when the expected revision does not hold. A repeated
 * event id, or a revision another writer took meanwhile, fails the unique key and rolls the
 * statement back: the caller answers with the original append, reports the conflict, or for
 * any and stream_exists asks again.
 */
const appendStatementOf = (kind: AppendKind, many: boolean) =>
  many
    ? {
        name: `es_append_${kind}_many`,
        rowMode: 'array' as const,
        text: `${INSERT_EVENTS}
  SELECT e.id, $1::text, before.revision + e.ord, e.type, e.data, e.metadata
  FROM (${BEFORE[kind]}) AS before,
       unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ord)
  ORDER BY e.ord
  ${RETURNING}`,
      }
    : {
        name: `es_append_${kind}`,
        rowMode: 'array' as const,
        text: `${INSERT_EVENTS}
  SELECT $2::uuid, $1::text, before.revision + 1, $3::text, $4::jsonb, $5::jsonb FROM (${BEFORE[kind]}) AS before
  ${RETURNING}`,
      };

/** Built once: an append takes its statement from here on every call. */
const APPEND_STATEMENTS = new Map(
  (Object.keys(BEFORE) as AppendKind[]).flatMap((kind) =>
    [false, true].map((many) => [`${kind}/${many}`, appendStatementOf(kind, many)] as const),
  ),
);

export const appendStatement = (kind: AppendKind, eventCount: number) =>
  APPEND_STATEMENTS.get(`${kind}/${eventCount > 1}`)!;

/**
 * Several appends, to distinct streams, in one statement and so one transaction and one
 * WAL flush: the appends a process asks for in one turn of its event loop (see
 * AppendBatches). $1 is a JSON array of {i, stream, kind, expected, events}, i counting
 * from 0, `expected` the known revision for kind `known` (read nothing for it, as in
 * appendStatement); $2 whether the statement carries the NOTIFY. Each append whose expected
 * revision holds inserts its events; one append's conflict is its own (next_revision
 * null), the others still go in. Events are inserted in stream order, so two batches of
 * two processes that share streams wait for each other in the same order and cannot
 * deadlock. A revision taken by another writer meanwhile, or a repeated event id, fails
 * the whole statement, and the caller then makes each append alone.
 */
export const APPEND_BATCH_STATEMENT = {
  name: 'es_append_batch',
  text: `WITH asked AS (
    SELECT i, stream, kind, expected, events, jsonb_array_length(events) AS n
    FROM jsonb_to_recordset($1::jsonb) AS r(i int, stream text, kind text, expected bigint, events jsonb)
  ),
  claimed AS (
    SELECT asked.i, asked.stream, asked.events, asked.n, coalesce(current.revision, -1) AS revision
    FROM asked CROSS JOIN LATERAL (
      SELECT CASE WHEN asked.kind = 'known' THEN asked.expected
                  ELSE (SELECT max(stream_revision) FROM es_events WHERE stream_name = asked.stream) END AS revision
    ) AS current
    WHERE asked.kind IN ('any', 'known')
       OR (asked.kind = 'no_stream' AND current.revision IS NULL)
       OR (asked.kind = 'stream_exists' AND current.revision IS NOT NULL)
       OR (asked.kind = 'exact' AND current.revision = asked.expected)
  ),
  inserted AS (
    ${INSERT_EVENTS}
    SELECT (e.event->>'id')::uuid, claimed.stream, claimed.revision + e.ord, e.event->>'type', e.event->'data', e.event->'metadata'
    FROM claimed, jsonb_array_elements(claimed.events) WITH ORDINALITY AS e(event, ord)
    ORDER BY claimed.stream, e.ord
    RETURNING stream_name, sequence
  )
  SELECT asked.i,
         (claimed.revision + claimed.n)::text AS next_revision,
         pg_current_xact_id()::text AS transaction_id,
         (SELECT max(sequence) FROM inserted WHERE inserted.stream_name = asked.stream)::text AS last_sequence,
         CASE WHEN asked.i = 0 AND $2::boolean THEN pg_notify('es_events', '') END AS notified
  FROM asked LEFT JOIN claimed ON claimed.i = asked.i
  ORDER BY asked.i`,
};
