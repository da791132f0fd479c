import pg from 'pg';
import type { EventStore } from '../event-store/event-store';
import type { ReadinessCheck } from './ops-endpoints';

/** PostgreSQL answers a query, through a connection of its own (a busy pool must not make a service look dead). */
export function databaseCheck(databaseUrl: string): ReadinessCheck & { close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, application_name: 'readiness' });
  pool.on('error', () => undefined);
  return {
    name: 'database',
    check: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

/** The event store reads the head of the log. */
export const eventStoreCheck = (store: EventStore): ReadinessCheck => ({
  name: 'eventStore',
  check: async () => {
    await store.readAll({ maxCount: 1 });
  },
});
