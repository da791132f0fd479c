import { setImmediate as nextMacrotask } from 'node:timers/promises';
import {
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type Filter,
  type JSONType,
  type RecordedEvent as StoredEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import { upcastEvent } from '@reflections/contracts/event-schemas';
import type { EventMetadata } from '@reflections/contracts/metadata';
import { comparePositions, type Position } from '@reflections/contracts/position';
import {
  type AppendResult,
  type EventFilter,
  type EventStore,
  EventStoreUnavailableError,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllPage,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  WrongExpectedRevisionError,
  matchesFilter,
} from './event-store';
import { OpenSubscriptions } from './open-subscriptions';

export type EventStoreDbEventStoreOptions = { connectionString: string; connectTimeoutMs?: number };

/** $all is read in pages of this many records when a filter or system events may skip some. */
const READ_ALL_PAGE = 4096;
/** How far back from a stream's end an append repeated after a conflict is looked for. */
const IDEMPOTENCY_WINDOW = 1000;
const CAUGHT_UP = Symbol('caughtUp');
const MACROTASK = Symbol('macrotask');

type Delivery = AllStreamResolvedEvent | typeof CAUGHT_UP;

/**
 * The EventStore port on EventStoreDB (server 23.10 or later).
 *
 * - Expected revisions and positions map one to one; an append's position is the one the
 *   server reports, which is its last event's position (also for an idempotent repeat).
 * - `after` is exclusive on both reads and subscriptions: an event at exactly that position
 *   is skipped here too, because ESDB's read of $all starts at its position inclusively.
 * - System events ($-prefixed types or streams) are never returned.
 * - Event-type and stream-prefix filters run on the server for subscriptions (as prefixes,
 *   then matched exactly here); readAll filters here, because this client's readAll has none.
 * - `caughtUp` follows the server's caught-up signal: a marker is put into the event flow when
 *   it arrives, so the promise resolves only after every event before it went through onBatch.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new OpenSubscriptions();

  private constructor(private readonly client: EventStoreDBClient) {}

  /**
   * The client waits forever on a server that accepts connections but never answers
   * (its first request has no deadline), so connecting runs against a timeout of our own.
   */
  static async connect({
    connectionString,
    connectTimeoutMs = 5000,
  }: EventStoreDbEventStoreOptions): Promise<EventStoreDbEventStore> {
    const store = new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new EventStoreUnavailableError(`EventStoreDB did not answer within ${connectTimeoutMs} ms`)),
        connectTimeoutMs,
      );
    });
    try {
      await Promise.race([
        store.collect(store.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })),
        timeout,
      ]);
      return store;
    } catch (error) {
      await store.close();
      throw error instanceof EventStoreUnavailableError
        ? error
        : new EventStoreUnavailableError(`EventStoreDB is unavailable: ${String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    try {
      const result = await this.client.appendToStream(
        streamName,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata })),
        { expectedRevision: expected },
      );
      if (!result.position) throw new Error(`EventStoreDB reported no position for an append to ${streamName}`);
      return { nextRevision: result.nextExpectedRevision, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw unavailable(error);
      // The server answers a repeat at the original expected revision itself; this finds a
      // repeat made with another one (for example `any` after the original used `no_stream`).
      const repeated = await this.findAppended(streamName, events);
      if (repeated) return repeated;
      throw new WrongExpectedRevisionError(streamName, expected, error.actualVersion);
    }
  }

  private async findAppended(streamName: string, events: readonly EventToAppend[]): Promise<AppendResult | null> {
    const recent = (
      await this.readStream(streamName, { direction: 'backwards', maxCount: IDEMPOTENCY_WINDOW })
    ).reverse();
    const ids = events.map((e) => e.id.toLowerCase());
    const start = recent.findIndex((e) => e.id.toLowerCase() === ids[0]);
    const run = start < 0 ? [] : recent.slice(start, start + ids.length);
    if (run.length !== ids.length || run.some((e, i) => e.id.toLowerCase() !== ids[i])) return null;
    const last = run[run.length - 1];
    return { nextRevision: last.revision, position: last.position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    try {
      const resolved = await this.collect(
        this.client.readStream(streamName, {
          direction: backwards ? BACKWARDS : FORWARDS,
          fromRevision: options.fromRevision ?? (backwards ? END : START),
          maxCount: options.maxCount,
        }),
      );
      return resolved.flatMap(({ event }) => (event ? [toRecorded(event)] : []));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return (await this.readAllPage(options)).events;
  }

  async readAllPage(options: ReadAllOptions = {}): Promise<ReadAllPage> {
    const maxCount = options.maxCount ?? 1000;
    // One more than asked for: the first record may be the excluded `after` itself.
    const pageSize = options.filter ? READ_ALL_PAGE : Math.min(maxCount + 1, READ_ALL_PAGE);
    const found: RecordedEvent[] = [];
    let after = options.after;
    while (found.length < maxCount) {
      const page = await this.collect(this.client.readAll({ fromPosition: after ?? START, maxCount: pageSize }));
      for (const { event } of page) {
        if (!event || (after && comparePositions(event.position, after) <= 0)) continue;
        after = event.position;
        if (isDelivered(event, options.filter)) found.push(toRecorded(event));
        if (found.length === maxCount) break;
      }
      if (page.length < pageSize) break;
    }
    return { events: found, scannedTo: after };
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    const maxBatchSize = options.maxBatchSize ?? 500;
    const source = this.client.subscribeToAll({
      fromPosition: options.after ?? START,
      filter: serverFilter(options.filter),
    });
    source.once('caughtUp', () => source.push(CAUGHT_UP));
    const batches = new BatchReader(source[Symbol.asyncIterator]() as AsyncIterator<Delivery>);
    let running = true;
    let resolveCaughtUp!: () => void;
    const caughtUp = new Promise<void>((resolve) => (resolveCaughtUp = resolve));
    const closeSource = async () => {
      await source.unsubscribe().catch(() => undefined);
      source.destroy();
    };

    const loop = async () => {
      let checkpoint = options.after;
      try {
        while (running) {
          const batch = await batches.next(maxBatchSize);
          if (!running) break;
          if (!batch) throw new EventStoreUnavailableError('EventStoreDB ended the subscription');
          const previous = checkpoint;
          const delivered: RecordedEvent[] = [];
          for (const item of batch) {
            if (item === CAUGHT_UP || !item.event) continue;
            if (checkpoint && comparePositions(item.event.position, checkpoint) <= 0) continue;
            checkpoint = item.event.position;
            if (isDelivered(item.event, options.filter)) delivered.push(toRecorded(item.event));
          }
          if (checkpoint && checkpoint !== previous) await options.onBatch(delivered, checkpoint);
          if (batch.includes(CAUGHT_UP)) resolveCaughtUp();
        }
      } finally {
        resolveCaughtUp();
        await closeSource();
      }
    };

    const stopped = loop().catch((error: unknown) => {
      // Closing the source is how stop() ends a pending read; that is no error.
      if (running) options.onError?.(unavailable(error));
      running = false;
    });
    return this.subscriptions.track({
      caughtUp,
      stopped,
      interrupt: () => {
        running = false;
        return closeSource();
      },
    });
  }

  async close(): Promise<void> {
    await this.subscriptions.stopAll();
    await this.client.dispose();
  }

  private async collect<E>(read: StreamingRead<E>): Promise<E[]> {
    const items: E[] = [];
    try {
      for await (const item of read) items.push(item);
    } catch (error) {
      throw unavailable(error);
    }
    return items;
  }
}

/**
 * Hands out what a subscription has ready: waits for one item, then gathers more until
 * the batch is full or the next macrotask, so a burst arrives as one batch.
 */
class BatchReader<T> {
  private pending: Promise<IteratorResult<T>> | undefined;

  constructor(private readonly items: AsyncIterator<T>) {}

  async next(maxSize: number): Promise<T[] | null> {
    const first = await this.take();
    if (first.done) return null;
    const batch = [first.value];
    const macrotask = nextMacrotask(MACROTASK);
    while (batch.length < maxSize) {
      this.pending ??= this.items.next();
      const result = await Promise.race([this.pending, macrotask]);
      if (result === MACROTASK) break;
      this.pending = undefined;
      if (result.done) break;
      batch.push(result.value);
    }
    return batch;
  }

  private take(): Promise<IteratorResult<T>> {
    const pending = this.pending ?? this.items.next();
    this.pending = undefined;
    return pending;
  }
}

function serverFilter(filter: EventFilter | undefined): Filter {
  if (!filter) return excludeSystemEvents();
  if ('eventTypes' in filter) return eventTypeFilter({ prefixes: [...filter.eventTypes] });
  return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
}

function isDelivered(event: AllStreamRecordedEvent, filter: EventFilter | undefined): boolean {
  const isSystem = event.type.startsWith('$') || event.streamId.startsWith('$');
  return !isSystem && matchesFilter(filter, { type: event.type, streamName: event.streamId });
}

function toRecorded(event: StoredEvent): RecordedEvent {
  if (!event.position)
    throw new Error(
      `EventStoreDB returned ${event.streamId}@${event.revision} without a position (server 22.6 or later needed)`,
    );
  const position: Position = { commit: event.position.commit, prepare: event.position.prepare };
  return upcastEvent({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
    streamName: event.streamId,
    revision: event.revision,
    position,
    createdAt: event.created,
  });
}

function unavailable(error: unknown): unknown {
  const transient =
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof CancelledError;
  return transient
    ? new EventStoreUnavailableError(`EventStoreDB is unavailable: ${error.message}`, { cause: error })
    : error;
}
