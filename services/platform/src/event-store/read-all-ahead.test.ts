import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Position } from '@reflections/contracts/position';
import { createTestDatabase } from '../testing/test-database';
import type { EventFilter, PageReader, ReadAllPage, RecordedEvent } from './event-store';
import { PostgresEventStore } from './postgres-event-store';

const happened = (type: string) => ({
  id: randomUUID(),
  type,
  data: {},
  metadata: { causedBy: null, correlationId: 'ahead-test', schemaVersion: 1 },
});

async function taken(reader: PageReader): Promise<{ events: RecordedEvent[]; last: ReadAllPage | null }> {
  const events: RecordedEvent[] = [];
  let last: ReadAllPage | null = null;
  for (let page = await reader(); page; page = await reader()) {
    events.push(...page.events);
    last = page;
  }
  return { events, last };
}

async function pageByPage(store: PostgresEventStore, maxCount: number, filter?: EventFilter, after?: Position) {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAllPage({ after, maxCount, filter });
    events.push(...page.events);
    if (page.events.length < maxCount) return { events, scannedTo: page.scannedTo };
    after = page.scannedTo;
  }
}

const described = (events: readonly RecordedEvent[]) => events.map((event) => `${event.id} ${event.position.commit}`);

describe('reading the log ahead, stretches of it side by side', () => {
  let store: PostgresEventStore;
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    store = await PostgresEventStore.connect({ connectionString: databaseUrl, poolSize: 8 });
    // Writers side by side, so transactions interleave and several hold more than one event.
    for (let round = 0; round < 20; round++)
      await Promise.all(
        Array.from({ length: 6 }, (_, writer) =>
          store.appendToStream(`ahead-${writer}-${round % 3}`, [
            happened(writer % 3 === 0 ? 'Rare' : 'Common'),
            ...(writer % 2 === 0 ? [happened('Common')] : []),
          ]),
        ),
      );
  });
  afterAll(() => store.close());

  it.each([
    [1, undefined],
    [7, undefined],
    [1000, undefined],
    [3, { eventTypes: ['Rare'] }],
    [1000, { eventTypes: ['Rare'] }],
  ])(
    'gives in pages of %i (filter %j) every event page by page gives, in the same order, up to the same head',
    async (maxCount, filter) => {
      const expected = await pageByPage(store, maxCount, filter);
      expect(expected.events.length).toBeGreaterThan(0);
      const { events, last } = await taken(store.readAllAhead({ maxCount, filter }));
      expect(described(events)).toEqual(described(expected.events));
      expect(last?.scannedTo).toEqual(expected.scannedTo);
    },
  );

  it('reads on from a position in the middle of the log', async () => {
    const all = await pageByPage(store, 1000);
    const after = all.events[Math.floor(all.events.length / 3)].position;
    const { events } = await taken(store.readAllAhead({ after, maxCount: 5 }));
    expect(described(events)).toEqual(described((await pageByPage(store, 5, undefined, after)).events));
  });

  it('stops before an event held back by a transaction still running, as page by page does', async () => {
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(
        `INSERT INTO es_events (event_id, stream_name, stream_revision, event_type, data, metadata)
         VALUES ($1, 'ahead-held', 0, 'Common', '{}', '{}')`,
        [randomUUID()],
      );
      // Committed after the held one, so behind it in the log's order until it ends.
      await store.appendToStream('ahead-after-held', [happened('Common'), happened('Rare')]);
      const expected = await pageByPage(store, 4);
      const { events, last } = await taken(store.readAllAhead({ maxCount: 4 }));
      expect(described(events)).toEqual(described(expected.events));
      expect(events.some((event) => event.streamName === 'ahead-after-held')).toBe(false);
      expect(last?.scannedTo).toEqual(expected.scannedTo);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  });
});
