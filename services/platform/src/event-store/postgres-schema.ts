/**
 * The PostgreSQL event store's schema. Every row records the id of the transaction
 * that wrote it; readers take only rows whose transaction is older than every
 * transaction still running (pg_snapshot_xmin), ordered by (transaction id, sequence).
 * That order never changes once read, so a subscriber never skips an event that a
 * slower concurrent transaction commits later (the sequence-gap problem; the approach
 * is Emmett's). Appends run in one round trip through es_append. NOTIFY is sent
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

CREATE OR REPLACE FUNCTION es_append(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (outcome text, next_revision bigint, last_transaction_id xid8, last_sequence bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n int := array_length(p_ids, 1);
  new_revision bigint;
BEGIN
  -- A repeated event id fails the unique key and rolls the whole call back; the
  -- caller then answers with the original append (see PostgresEventStore).
  IF p_expected = 'any' THEN
    INSERT INTO es_streams AS s (stream_name, revision) VALUES (p_stream, n - 1)
      ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + n
      RETURNING s.revision INTO new_revision;
  ELSIF p_expected = 'no_stream' THEN
    INSERT INTO es_streams (stream_name, revision) VALUES (p_stream, n - 1)
      ON CONFLICT (stream_name) DO NOTHING
      RETURNING revision INTO new_revision;
  ELSIF p_expected = 'stream_exists' THEN
    UPDATE es_streams SET revision = revision + n WHERE stream_name = p_stream
      RETURNING revision INTO new_revision;
  ELSE
    UPDATE es_streams SET revision = revision + n WHERE stream_name = p_stream AND revision = p_expected::bigint
      RETURNING revision INTO new_revision;
  END IF;

  IF new_revision IS NULL THEN
    RETURN QUERY SELECT 'conflict'::text, (SELECT revision FROM es_streams WHERE stream_name = p_stream), NULL::xid8, NULL::bigint;
    RETURN;
  END IF;

  RETURN QUERY
  WITH inserted AS (
    INSERT INTO es_events (event_id, stream_name, stream_revision, event_type, data, metadata)
    SELECT e.id, p_stream, new_revision - n + e.ord, e.type, e.data, e.metadata
    FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS e(id, type, data, metadata, ord)
    ORDER BY e.ord
    RETURNING transaction_id, sequence
  )
  SELECT 'appended'::text, new_revision, pg_current_xact_id(), max(i.sequence) FROM inserted i;
END;
$$;
`;
