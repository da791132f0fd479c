import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createTestDatabase } from '../testing/test-database';
import { describeEventStoreContract } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgreSQL', async () =>
  PostgresEventStore.connect({ connectionString: await createTestDatabase(), poolSize: 12 }),
);

describe('PostgreSQL event store appends', () => {
  const somethingHappened = (data: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    type: 'SomethingHappened',
    data,
    metadata: { causedBy: null, correlationId: 'test', schemaVersion: 1 },
  });

  it('makes the appends asked for in one turn in one statement, and so one transaction', async () => {
    const store = await PostgresEventStore.connect({ connectionString: await createTestDatabase() });
    const queries = jest.spyOn(pg.Pool.prototype, 'query');
    try {
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          store.appendToStream(`turn-${randomUUID()}`, [somethingHappened()], { expectedRevision: 'no_stream' }),
        ),
      );
      const appendStatements = queries.mock.calls
        .map(([statement]) => (statement as { name?: string }).name)
        .filter((name) => name?.startsWith('es_append'));
      expect(appendStatements).toEqual(['es_append_batch']);
      expect(new Set(results.map((result) => String(result.position.commit))).size).toBe(1);
      expect(new Set(results.map((result) => String(result.position.prepare))).size).toBe(5);
    } finally {
      queries.mockRestore();
      await store.close();
    }
  });

  it('keeps the other appends of a turn when the database refuses one', async () => {
    const store = await PostgresEventStore.connect({ connectionString: await createTestDatabase() });
    try {
      const streams = Array.from({ length: 4 }, () => `refused-${randomUUID()}`);
      // jsonb cannot hold a NUL character: PostgreSQL refuses this one event.
      const outcomes = await Promise.allSettled(
        streams.map((stream, i) =>
          store.appendToStream(stream, [somethingHappened({ text: i === 1 ? 'nul \u0000 here' : 'fine' })]),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(await Promise.all(streams.map(async (stream) => (await store.readStream(stream)).length))).toEqual([
        1, 0, 1, 1,
      ]);
    } finally {
      await store.close();
    }
  });
});

describe('PostgreSQL event store subscriptions', () => {
  it('wakes every subscription on an append and reads the new page once for all of them', async () => {
    const store = await PostgresEventStore.connect({ connectionString: await createTestDatabase() });
    const pageReads = jest.spyOn(pg.Pool.prototype, 'query');
    const received: string[][] = Array.from({ length: 10 }, () => []);
    const subscriptions = received.map((into) =>
      store.subscribeToAll({
        onBatch: async (events) => {
          into.push(...events.map((event) => event.type));
        },
      }),
    );
    try {
      await Promise.all(subscriptions.map((subscription) => subscription.caughtUp));
      const readsBefore = pagesRead(pageReads.mock.calls);
      await store.appendToStream(`shared-${randomUUID()}`, [
        {
          id: randomUUID(),
          type: 'SomethingHappened',
          data: {},
          metadata: { causedBy: null, correlationId: 'test', schemaVersion: 1 },
        },
      ]);
      while (received.some((types) => types.length === 0)) await sleep(5);
      expect(received).toEqual(received.map(() => ['SomethingHappened']));
      // Ten subscribers, one page read with the event (and one finding nothing after it).
      expect(pagesRead(pageReads.mock.calls) - readsBefore).toBeLessThanOrEqual(2);
    } finally {
      pageReads.mockRestore();
      await store.close();
    }
  });

  it('closes quietly right after an append, before its announcement to other threads was due', async () => {
    const store = await PostgresEventStore.connect({ connectionString: await createTestDatabase() });
    await store.appendToStream(`closing-${randomUUID()}`, [
      {
        id: randomUUID(),
        type: 'SomethingHappened',
        data: {},
        metadata: { causedBy: null, correlationId: 'test', schemaVersion: 1 },
      },
    ]);
    await store.close();
    // The announcement's turn comes after close; it used to throw 'BroadcastChannel is closed' there.
    await new Promise((resolve) => setImmediate(resolve));
    await sleep(10);
  });
});

/** Statements that read a page of the log, among the calls a spy saw. */
const pagesRead = (calls: unknown[][]) =>
  calls.filter(
    ([statement]) =>
      typeof statement === 'string' &&
      statement.includes('FROM es_events WHERE (transaction_id, sequence) >') &&
      statement.includes('ORDER BY'),
  ).length;
