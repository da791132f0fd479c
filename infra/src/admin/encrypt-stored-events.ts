import { upcastEvent } from '@reflections/contracts/event-schemas';
import type { EventMetadata } from '@reflections/contracts/metadata';
import { PERSONAL_DATA } from '@reflections/contracts/personal-data';
import { EncryptingEventStore } from '@reflections/platform/event-store/encrypting-event-store';
import { MemberKeys } from '@reflections/platform/event-store/member-keys';
import { SEALED } from '@reflections/platform/event-store/personal-data-cipher';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import pg from 'pg';

type StoredRow = {
  txid: string;
  sequence: string;
  event_id: string;
  event_type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
};

/**
 * `npm run migrate:encrypt-events`: seals the personal fields of events written before they
 * were encrypted (see PERSONAL_DATA), rewriting each row's data and metadata in place, a batch
 * per transaction in log order. Rows already sealed are skipped, so it can be stopped and run
 * again at any time and a second run changes nothing. An event of a member erased meanwhile is
 * written with the placeholders: his key is gone and is never made again. Each event is first
 * brought to its current schema version, since an upcaster may read a field that is sealed now.
 */
export async function encryptStoredEvents(
  databaseUrl: string,
  options: { batchSize?: number; onBatch?: (done: number) => void } = {},
): Promise<{ encrypted: number }> {
  const keys = await MemberKeys.connect({ connectionString: databaseUrl });
  const store = new EncryptingEventStore(await PostgresEventStore.connect({ connectionString: databaseUrl }), keys);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let encrypted = 0;
  try {
    let after = { txid: '0', sequence: '0' };
    for (;;) {
      const { rows } = await client.query<StoredRow>(
        `SELECT transaction_id::text AS txid, sequence, event_id, event_type, data, metadata FROM es_events
          WHERE (transaction_id, sequence) > ($1::text::xid8, $2::bigint) AND event_type = ANY($3::text[])
          ORDER BY transaction_id, sequence LIMIT $4`,
        [after.txid, after.sequence, Object.keys(PERSONAL_DATA), options.batchSize ?? 500],
      );
      if (rows.length === 0) return { encrypted };
      after = { txid: rows[rows.length - 1].txid, sequence: rows[rows.length - 1].sequence };
      const plain = rows.filter((row) => !(SEALED in row.data));
      const sealed = await Promise.all(
        plain.map(async (row) => {
          const current = upcastEvent({ type: row.event_type, data: row.data, metadata: row.metadata });
          const event = await store.sealed({
            id: row.event_id,
            type: row.event_type,
            data: current.data,
            metadata: current.metadata,
          });
          return { row, event, changed: JSON.stringify(event.data) !== JSON.stringify(current.data) };
        }),
      );
      // Unchanged: it names no member, or its member is erased and it holds the placeholders already.
      const changed = sealed.filter((candidate) => candidate.changed);
      await client.query('BEGIN');
      try {
        for (const { row, event } of changed) {
          await client.query(
            `UPDATE es_events SET data = $3::jsonb, metadata = $4::jsonb WHERE transaction_id = $1::text::xid8 AND sequence = $2::bigint AND NOT data ? '${SEALED}'`,
            [row.txid, row.sequence, JSON.stringify(event.data), JSON.stringify(event.metadata)],
          );
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      encrypted += changed.length;
      options.onBatch?.(encrypted);
    }
  } finally {
    await client.end();
    await store.close();
  }
}
