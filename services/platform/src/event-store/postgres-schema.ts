import type { ExpectedRevision } from './event-store';

/**
 * The PostgreSQL event store's schema. Every row records the id of the transaction
 * that wrote it; readers take only rows whose transaction is older than every
 * transaction still running (pg_snapshot_xmin), ordered by (transaction id, sequence).
 * That order never changes once read, so a subscriber never skips an event that a
 * slower concurrent transaction commits later (the sequence-gap problem; the approach
 * is Emmett's). An append is one statement (see appendStatement). NOTIFY is sent
 * after the append commits, not inside it: a NOTIFY in the appending transaction takes
 * a global lock through commit and would serialise every writer's WAL flush.
 */
export const EVENT_STORE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS es_streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL
);

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
`;

/**
 * One statement per kind of expected revision: claim the stream's next revisions (the
 * stream row is the lock that orders one stream's writers), then insert the events.
 * When the claim finds a conflict it returns no row, nothing is inserted and
 * next_revision comes back null. A repeated event id fails the unique key and rolls the
 * statement back; the caller then answers with the original append.
 */
export type AppendKind = 'any' | 'no_stream' | 'stream_exists' | 'exact';

/** The statement kind an expected revision calls for: a revision number is an exact one. */
export const appendKind = (expected: ExpectedRevision): AppendKind =>
  typeof expected === 'bigint' ? 'exact' : expected;

const CLAIM: Record<AppendKind, string> = {
  any: `INSERT INTO es_streams AS s (stream_name, revision) VALUES ($1, cardinality($2::uuid[]) - 1)
        ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + cardinality($2::uuid[]) RETURNING s.revision`,
  no_stream: `INSERT INTO es_streams (stream_name, revision) VALUES ($1, cardinality($2::uuid[]) - 1)
        ON CONFLICT (stream_name) DO NOTHING RETURNING revision`,
  stream_exists: `UPDATE es_streams SET revision = revision + cardinality($2::uuid[]) WHERE stream_name = $1 RETURNING revision`,
  exact: `UPDATE es_streams SET revision = revision + cardinality($2::uuid[]) WHERE stream_name = $1 AND revision = $6::bigint RETURNING revision`,
};

const appendStatementOf = (kind: AppendKind) => ({
  name: `es_append_${kind}`,
  text: `WITH claimed AS (${CLAIM[kind]}),
  inserted AS (
    INSERT INTO es_events (event_id, stream_name, stream_revision, event_type, data, metadata)
    SELECT e.id, $1, claimed.revision - cardinality($2::uuid[]) + e.ord, e.type, e.data, e.metadata
    FROM claimed, unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ord)
    ORDER BY e.ord
    RETURNING sequence
  )
  SELECT (SELECT revision FROM claimed) AS next_revision,
         pg_current_xact_id()::text AS transaction_id,
         (SELECT max(sequence) FROM inserted) AS last_sequence`,
});

/** Built once: an append takes its kind's statement from here on every call. */
const APPEND_STATEMENTS = Object.fromEntries(
  (Object.keys(CLAIM) as AppendKind[]).map((kind) => [kind, appendStatementOf(kind)]),
) as Record<AppendKind, { name: string; text: string }>;

export const appendStatement = (kind: AppendKind) => APPEND_STATEMENTS[kind];

/**
 * Several appends, to distinct streams, in one statement and so one transaction and one
 * WAL flush: the appends a process asks for in one turn of its event loop (see
 * AppendBatches). $1 is a JSON array of {i, stream, kind, expected, events}. Each append
 * claims its stream as its kind says, and only claimed appends insert events; one
 * append's conflict is its own (next_revision null), the others still go in. An
 * 'any' append loses its claim only when a concurrent transaction created the stream
 * after this statement began; the caller retries it alone. A repeated event id fails
 * the whole statement, and the caller then makes each append alone.
 */
export const APPEND_BATCH_STATEMENT = {
  name: 'es_append_batch',
  text: `WITH asked AS (
    SELECT i, stream, kind, expected, events, jsonb_array_length(events) AS n
    FROM jsonb_to_recordset($1::jsonb) AS r(i int, stream text, kind text, expected bigint, events jsonb)
  ),
  created AS (
    INSERT INTO es_streams (stream_name, revision)
    SELECT stream, n - 1 FROM asked WHERE kind IN ('no_stream', 'any')
    ON CONFLICT (stream_name) DO NOTHING
    RETURNING stream_name, revision
  ),
  advanced AS (
    UPDATE es_streams s SET revision = s.revision + asked.n
    FROM asked
    WHERE s.stream_name = asked.stream AND (asked.kind IN ('any', 'stream_exists') OR (asked.kind = 'exact' AND s.revision = asked.expected))
    RETURNING s.stream_name, s.revision
  ),
  claimed AS (SELECT stream_name, revision FROM created UNION ALL SELECT stream_name, revision FROM advanced),
  inserted AS (
    INSERT INTO es_events (event_id, stream_name, stream_revision, event_type, data, metadata)
    SELECT (e.event->>'id')::uuid, asked.stream, claimed.revision - asked.n + e.ord, e.event->>'type', e.event->'data', e.event->'metadata'
    FROM asked JOIN claimed ON claimed.stream_name = asked.stream, jsonb_array_elements(asked.events) WITH ORDINALITY AS e(event, ord)
    ORDER BY asked.i, e.ord
    RETURNING stream_name, sequence
  )
  SELECT asked.i,
         claimed.revision AS next_revision,
         pg_current_xact_id()::text AS transaction_id,
         (SELECT max(sequence) FROM inserted WHERE inserted.stream_name = asked.stream) AS last_sequence
  FROM asked LEFT JOIN claimed ON claimed.stream_name = asked.stream
  ORDER BY asked.i`,
};
