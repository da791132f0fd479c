import { randomUUID } from 'node:crypto';
import { comparePositions, formatPosition, type Position } from '@reflections/contracts/position';
import { type EventStore, type EventToAppend, type RecordedEvent, WrongExpectedRevisionError } from './event-store';

/**
 * The behaviour every EventStore adapter promises. Each test works in streams of its
 * own (a random prefix), so the suite can run against a long-lived EventStoreDB.
 */
export function describeEventStoreContract(name: string, connect: () => Promise<EventStore>) {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let prefix: string;

    beforeAll(async () => {
      store = await connect();
    });
    afterAll(async () => {
      await store.close();
    });
    beforeEach(() => {
      prefix = `t${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    });

    const event = (type = 'SomethingHappened', data: Record<string, unknown> = {}): EventToAppend => ({
      id: randomUUID(),
      type,
      data,
      metadata: { causedBy: null, correlationId: randomUUID(), schemaVersion: 1 },
    });
    const events = (count: number, type = 'SomethingHappened') =>
      Array.from({ length: count }, (_, i) => event(type, { i }));

    /** Collects everything a subscription delivers for this test's streams until `count` arrived. */
    async function collect(options: {
      after?: Position;
      count: number;
      filter?: { eventTypes: string[] } | { streamPrefixes: string[] };
    }) {
      const received: RecordedEvent[] = [];
      let done!: () => void;
      const enough = new Promise<void>((resolve) => (done = resolve));
      const subscription = store.subscribeToAll({
        after: options.after,
        filter: options.filter ?? { streamPrefixes: [prefix] },
        onBatch: async (batch) => {
          received.push(...batch);
          if (received.length >= options.count) done();
        },
      });
      return { received, enough, subscription };
    }

    describe('appending with an expected revision', () => {
      it('creates a stream with no_stream and rejects a second no_stream append', async () => {
        const stream = `${prefix}-a`;
        const first = await store.appendToStream(stream, events(2), { expectedRevision: 'no_stream' });
        expect(first.nextRevision).toBe(1n);
        await expect(store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
      });

      it('appends at the exact revision and reports a conflict with the actual revision otherwise', async () => {
        const stream = `${prefix}-a`;
        await store.appendToStream(stream, events(3), { expectedRevision: 'no_stream' });
        const next = await store.appendToStream(stream, events(1), { expectedRevision: 2n });
        expect(next.nextRevision).toBe(3n);
        const conflict = await store
          .appendToStream(stream, events(1), { expectedRevision: 2n })
          .catch((e: unknown) => e);
        expect(conflict).toBeInstanceOf(WrongExpectedRevisionError);
        expect((conflict as WrongExpectedRevisionError).actual).toBe(3n);
        expect(await store.readStream(stream)).toHaveLength(4);
      });

      it('appends with any whether or not the stream exists', async () => {
        const stream = `${prefix}-a`;
        expect((await store.appendToStream(stream, events(1), { expectedRevision: 'any' })).nextRevision).toBe(0n);
        expect((await store.appendToStream(stream, events(2), { expectedRevision: 'any' })).nextRevision).toBe(2n);
      });

      it('appends with stream_exists only to a stream that exists', async () => {
        const stream = `${prefix}-e`;
        await expect(
          store.appendToStream(stream, events(1), { expectedRevision: 'stream_exists' }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
        expect(
          (await store.appendToStream(stream, events(2), { expectedRevision: 'stream_exists' })).nextRevision,
        ).toBe(2n);
      });

      it('rejects an exact revision on a stream that does not exist', async () => {
        await expect(
          store.appendToStream(`${prefix}-missing`, events(1), { expectedRevision: 0n }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      });

      it('does not duplicate an append repeated with the same event ids', async () => {
        const stream = `${prefix}-a`;
        const batch = events(2);
        const first = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
        const repeated = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
        expect(repeated.nextRevision).toBe(first.nextRevision);
        expect(formatPosition(repeated.position)).toBe(formatPosition(first.position));
        const again = await store.appendToStream(stream, batch, { expectedRevision: 'any' });
        expect(again.nextRevision).toBe(1n);
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual(batch.map((e) => e.id));
      });
      it('gives appends asked for at the same moment each their own outcome', async () => {
        const existing = `${prefix}-existing`;
        await store.appendToStream(existing, events(2), { expectedRevision: 'no_stream' });
        const repeatedEvents = events(1);
        const original = await store.appendToStream(`${prefix}-repeated`, repeatedEvents, {
          expectedRevision: 'no_stream',
        });
        const outcome = (appending: Promise<{ nextRevision: bigint }>) =>
          appending.then(
            (result) => result.nextRevision,
            (error: unknown) =>
              error instanceof WrongExpectedRevisionError ? `conflict at ${String(error.actual)}` : error,
          );
        // Asked in one turn of the event loop, as a busy server's requests are.
        const outcomes = await Promise.all([
          ...[0, 1, 2].map((i) =>
            outcome(store.appendToStream(`${prefix}-new${i}`, events(i + 1), { expectedRevision: 'no_stream' })),
          ),
          outcome(store.appendToStream(existing, events(1), { expectedRevision: 'no_stream' })),
          outcome(store.appendToStream(existing, events(1), { expectedRevision: 5n })),
          outcome(store.appendToStream(`${prefix}-exact`, events(1), { expectedRevision: 0n })),
          outcome(store.appendToStream(`${prefix}-missing`, events(1), { expectedRevision: 'stream_exists' })),
          outcome(store.appendToStream(`${prefix}-repeated`, repeatedEvents, { expectedRevision: 'no_stream' })),
          outcome(store.appendToStream(`${prefix}-twice`, events(2), { expectedRevision: 'any' })),
          outcome(store.appendToStream(`${prefix}-twice`, events(3), { expectedRevision: 'any' })),
        ]);
        expect(outcomes).toEqual([
          0n,
          1n,
          2n,
          'conflict at 1',
          'conflict at 1',
          'conflict at no_stream',
          'conflict at no_stream',
          original.nextRevision,
          expect.any(BigInt),
          expect.any(BigInt),
        ]);
        // Either of the two may go first: the first ends at 1 (two events) or 2 (three), the second at 4.
        expect([
          [1n, 4n],
          [4n, 2n],
        ]).toContainEqual([outcomes[8], outcomes[9]]);
        expect(await store.readStream(existing)).toHaveLength(2);
        expect(await store.readStream(`${prefix}-repeated`)).toHaveLength(1);
        expect((await store.readStream(`${prefix}-twice`)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
        for (const i of [0, 1, 2]) expect(await store.readStream(`${prefix}-new${i}`)).toHaveLength(i + 1);
        const logged = await store.readAll({ after: original.position, filter: { streamPrefixes: [prefix] } });
        expect(logged).toHaveLength(1 + 2 + 3 + 2 + 3);
        for (let i = 1; i < logged.length; i++)
          expect(comparePositions(logged[i - 1].position, logged[i].position)).toBeLessThan(0);
      });
    });

    describe('reading a stream', () => {
      it('reads forwards and backwards, from a revision, with a count', async () => {
        const stream = `${prefix}-r`;
        await store.appendToStream(stream, events(5), { expectedRevision: 'no_stream' });
        const forwards = await store.readStream(stream);
        expect(forwards.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
        expect(forwards.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
        expect((await store.readStream(stream, { fromRevision: 3n })).map((e) => e.revision)).toEqual([3n, 4n]);
        expect((await store.readStream(stream, { direction: 'backwards' })).map((e) => e.revision)).toEqual([
          4n,
          3n,
          2n,
          1n,
          0n,
        ]);
        expect((await store.readStream(stream, { direction: 'backwards', maxCount: 1 }))[0].revision).toBe(4n);
        expect(
          (await store.readStream(stream, { direction: 'backwards', fromRevision: 1n })).map((e) => e.revision),
        ).toEqual([1n, 0n]);
      });

      it('keeps the type, data and metadata it was given', async () => {
        const stream = `${prefix}-r`;
        const original = event('ThingNamed', { name: 'Ålesund', nested: { list: [1, 2] } });
        await store.appendToStream(stream, [original]);
        const [read] = await store.readStream(stream);
        expect(read).toMatchObject({
          id: original.id,
          type: 'ThingNamed',
          data: original.data,
          metadata: original.metadata,
          streamName: stream,
        });
      });

      it('reads an empty list for a stream that does not exist', async () => {
        expect(await store.readStream(`${prefix}-none`)).toEqual([]);
      });
    });

    describe('reading all events', () => {
      it('reads all from a position in global order, with filters', async () => {
        const marker = await store.appendToStream(`${prefix}-m`, events(1));
        await store.appendToStream(`${prefix}-x`, events(2, 'Apple'));
        await store.appendToStream(`${prefix}-y`, events(2, 'Pear'));
        await store.appendToStream(`${prefix}-x`, events(1, 'Pear'));
        const byPrefix = await store.readAll({
          after: marker.position,
          filter: { streamPrefixes: [`${prefix}-x`] },
          maxCount: 100,
        });
        expect(byPrefix.map((e) => e.type)).toEqual(['Apple', 'Apple', 'Pear']);
        const all = (await store.readAll({ after: marker.position, maxCount: 1000 })).filter((e) =>
          e.streamName.startsWith(prefix),
        );
        expect(all.map((e) => e.streamName)).toEqual([
          `${prefix}-x`,
          `${prefix}-x`,
          `${prefix}-y`,
          `${prefix}-y`,
          `${prefix}-x`,
        ]);
        for (let i = 1; i < all.length; i++)
          expect(comparePositions(all[i - 1].position, all[i].position)).toBeLessThan(0);
        const byType = (
          await store.readAll({ after: marker.position, filter: { eventTypes: ['Pear'] }, maxCount: 1000 })
        ).filter((e) => e.streamName.startsWith(prefix));
        expect(byType.map((e) => e.streamName)).toEqual([`${prefix}-y`, `${prefix}-y`, `${prefix}-x`]);
      });

      it('says how far a filtered read scanned, past events its filter skipped, so reading on skips and rereads nothing', async () => {
        const kept = `${prefix}Kept`;
        const marker = await store.appendToStream(`${prefix}-m`, events(1));
        const keptEvents = await store.appendToStream(`${prefix}-k`, events(2, kept));
        const skipped = await store.appendToStream(`${prefix}-s`, events(3, `${prefix}Skipped`));
        const filter = { eventTypes: [kept] };

        const full = await store.readAllPage({ after: marker.position, filter, maxCount: 1 });
        expect(full.events.map((e) => e.type)).toEqual([kept]);
        expect(full.scannedTo).toEqual(full.events[0].position);

        const short = await store.readAllPage({ after: full.scannedTo, filter, maxCount: 100 });
        expect(short.events.map((e) => e.position)).toEqual([keptEvents.position]);
        expect(comparePositions(short.scannedTo!, skipped.position)).toBeGreaterThanOrEqual(0);

        const later = await store.appendToStream(`${prefix}-k`, events(1, kept));
        const rest = await store.readAllPage({ after: short.scannedTo, filter, maxCount: 100 });
        expect(rest.events.map((e) => e.position)).toEqual([later.position]);
      });
    });

    describe('subscribing to all', () => {
      it('catches up from a checkpoint, then delivers live events', async () => {
        const before = await store.appendToStream(`${prefix}-s`, events(3));
        await store.appendToStream(`${prefix}-s`, events(2));
        const { received, enough, subscription } = await collect({ after: before.position, count: 4 });
        await subscription.caughtUp;
        expect(received.map((e) => e.revision)).toEqual([3n, 4n]);
        await store.appendToStream(`${prefix}-s`, events(2));
        await enough;
        await subscription.stop();
        expect(received.map((e) => e.revision)).toEqual([3n, 4n, 5n, 6n]);
      });

      it('delivers only the event types asked for', async () => {
        const types = [`${prefix}Kept`, `${prefix}Dropped`];
        const { received, enough, subscription } = await collect({ count: 2, filter: { eventTypes: [types[0]] } });
        await store.appendToStream(`${prefix}-f`, [event(types[0]), event(types[1]), event(types[0])]);
        await enough;
        await subscription.stop();
        expect(received.map((e) => e.type)).toEqual([types[0], types[0]]);
      });

      it('gives a subscriber every event of 8 concurrent writers exactly once, in global order', async () => {
        const writers = 8;
        const perWriter = 250;
        const marker = await store.appendToStream(`${prefix}-marker`, events(1));
        const { received, enough, subscription } = await collect({
          after: marker.position,
          count: writers * perWriter,
          filter: { streamPrefixes: [`${prefix}-w`] },
        });
        const appended: string[] = [];
        await Promise.all(
          Array.from({ length: writers }, async (_, writer) => {
            for (let i = 0; i < perWriter; i++) {
              const e = event('Written', { writer, i });
              await store.appendToStream(`${prefix}-w${writer}-${i % 5}`, [e]);
              appended.push(e.id);
            }
          }),
        );
        await enough;
        await subscription.stop();
        expect(received).toHaveLength(writers * perWriter);
        expect(new Set(received.map((e) => e.id))).toEqual(new Set(appended));
        for (let i = 1; i < received.length; i++)
          expect(comparePositions(received[i - 1].position, received[i].position)).toBeLessThan(0);
        const logOrder = (
          await store.readAll({ after: marker.position, filter: { streamPrefixes: [`${prefix}-w`] }, maxCount: 5000 })
        ).map((e) => e.id);
        expect(received.map((e) => e.id)).toEqual(logOrder);
      });
    });
  });
}
