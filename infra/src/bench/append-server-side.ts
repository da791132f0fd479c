import type pg from 'pg';
import { appendStatement } from '@reflections/platform/event-store/postgres-schema';

const STATEMENTS = 20_000;
const STREAMS = 50;

/**
 * The store's append statement as PL/pgSQL runs it, its parameters replaced by the loop's
 * variables: `s` the stream, `r` the revision to write, `x` what it answers.
 */
function inLoop(kind: 'any' | 'known'): string {
  const { text } = appendStatement(kind, 1);
  const values: Record<string, string> = {
    $1: 's',
    $2: 'gen_random_uuid()',
    $3: "'BenchEventAppended'",
    $4: `'{"i":1}'`,
    $5: `'{"correlationId":"bench"}'`,
    $6: 'false',
    $7: '(r - 1)',
  };
  return `${text.replace(/\$[1-7]\b/g, (parameter) => values[parameter])} INTO x`;
}

const FORMS: Record<string, string> = {
  'raw INSERT': `INSERT INTO es_events (event_id, stream_name, stream_revision, event_type, data, metadata)
    VALUES (gen_random_uuid(), s, r, 'BenchEventAppended', '{"i":1}', '{"correlationId":"bench"}')`,
  'store, any (reads the last revision)': inLoop('any'),
  'store, after a known revision': inLoop('known'),
};

/**
 * µs of PostgreSQL per statement for the raw INSERT and the store's append statements, run
 * in a PL/pgSQL loop on the server (no network, no client, one transaction): the server's
 * share of an append without the machine's noise in the client's figures. `es_events`
 * must exist; the loop's rows are rolled back.
 */
export async function serverSideCosts(client: pg.Client, rounds: number): Promise<string[][]> {
  const timings = new Map<string, number[]>(Object.keys(FORMS).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, statement] of Object.entries(FORMS)) {
      await client.query('BEGIN');
      try {
        await client.query(
          `CREATE OR REPLACE FUNCTION pg_temp.bench_appends() RETURNS double precision AS $$
           DECLARE s text; r bigint; x text; started timestamptz := clock_timestamp();
           BEGIN
             FOR i IN 0..${STATEMENTS - 1} LOOP
               s := 'server-side-' || (i % ${STREAMS}); r := i / ${STREAMS};
               ${statement};
             END LOOP;
             RETURN extract(epoch FROM clock_timestamp() - started);
           END $$ LANGUAGE plpgsql`,
        );
        const { rows: answered } = await client.query<{ seconds: number }>('SELECT pg_temp.bench_appends() AS seconds');
        timings.get(name)!.push((answered[0].seconds * 1e6) / STATEMENTS);
      } finally {
        await client.query('ROLLBACK');
      }
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return [
    [
      `PostgreSQL alone: µs per statement (${STATEMENTS.toLocaleString('en')} in a PL/pgSQL loop, median of ${rounds})`,
      'µs',
    ],
    ...[...timings].map(([name, values]) => [name, median(values).toFixed(1)]),
  ];
}
