import pg from 'pg';

async function withDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Events appended under each fuzz request id (the correlation id every append carries). */
export const eventsByRequest = (databaseUrl: string) =>
  withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string; count: string }>(
      "SELECT metadata->>'correlationId' AS id, count(*) FROM es_events WHERE metadata->>'correlationId' LIKE 'fuzz-%' GROUP BY 1",
    );
    return new Map(rows.map((row) => [row.id, Number(row.count)]));
  });

export type ParkedEvent = { projector: string; type: string; error: string; request: string | null };

/** Events a projector could not apply and parked, with the request that appended them. */
export const parkedEvents = (databaseUrl: string) =>
  withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<ParkedEvent>(
      "SELECT p.projector, p.event_type AS type, p.error_name || ' ' || coalesce(p.error_code, '') AS error, e.metadata->>'correlationId' AS request FROM parked_events p LEFT JOIN es_events e ON e.event_id::text = p.event_id",
    );
    return rows;
  });
