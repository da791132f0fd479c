import type { EventMetadata } from '@reflections/contracts/metadata';
import type { Position } from '@reflections/contracts/position';

/** The backend's port to the event log. Adapters: PostgreSQL (embedded default) and EventStoreDB. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type EventToAppend = {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
};

export type RecordedEvent = {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly streamName: string;
  readonly revision: bigint;
  readonly position: Position;
  readonly createdAt: Date;
};

export type AppendResult = {
  /** Revision of the stream's last event after the append. */
  readonly nextRevision: bigint;
  /** Global position of the last event appended (or, for an idempotent repeat, of the original). */
  readonly position: Position;
};

/** One of the two filters a read of all events or a subscription may take. */
export type EventFilter = { readonly eventTypes: readonly string[] } | { readonly streamPrefixes: readonly string[] };

export type ReadStreamOptions = {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive; defaults to the start (forwards) or the end (backwards). */
  readonly fromRevision?: bigint;
  readonly maxCount?: number;
};

export type ReadAllOptions = {
  /** Exclusive: events after this position. Omitted: from the start of the log. */
  readonly after?: Position;
  readonly maxCount?: number;
  readonly filter?: EventFilter;
};

/** A page of the log, and how far it was read to fill it. */
export type ReadAllPage = {
  readonly events: RecordedEvent[];
  /**
   * The position the read has passed: the last event's when the page is full, else the log's
   * head when it was read (past the last event when a filter skipped events after it), or
   * `after` when the log has nothing past it. Reading on from here skips nothing and rereads
   * nothing.
   */
  readonly scannedTo: Position | undefined;
};

/** Pages of the log taken one after the other: null once the reading has reached the head. */
export type PageReader = () => Promise<ReadAllPage | null>;

export type SubscribeToAllOptions = {
  /** Exclusive: deliver events after this checkpoint. Omitted: from the start of the log. */
  readonly after?: Position;
  readonly filter?: EventFilter;
  /**
   * Called with each batch in global order, never concurrently. `checkpoint` is the
   * position the subscription has read up to (it may be past the last delivered event
   * when a filter skipped some). A rejected promise stops the subscription. `atHead`, where
   * the store can tell: the page it read was the last there was, so the subscription is
   * following new appends rather than catching up (undefined: it cannot tell).
   */
  readonly onBatch: (events: readonly RecordedEvent[], checkpoint: Position, atHead?: boolean) => Promise<void>;
  readonly onError?: (error: unknown) => void;
  readonly maxBatchSize?: number;
};

export type Subscription = {
  /** Resolves once every event that existed when the subscription started has been delivered. */
  readonly caughtUp: Promise<void>;
  /** Resolves when the subscription has stopped (after stop(), or after onBatch failed). */
  readonly stopped: Promise<void>;
  stop(): Promise<void>;
};

export interface EventStore {
  appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** readAll, saying how far it scanned: a filtered read of rare events need not scan the same stretch twice. */
  readAllPage(options?: ReadAllOptions): Promise<ReadAllPage>;
  /**
   * Optional: the events `readAllPage` gives reading on from each page's `scannedTo` until a
   * short page, in the same order, but with stretches of the log read side by side, so not cut
   * into the same pages (a page may be short before the head; only the last reader's null says
   * the head was reached). A rebuild reads the log this way; without it, page by page.
   */
  readAllAhead?(options?: ReadAllOptions): PageReader;
  subscribeToAll(options: SubscribeToAllOptions): Subscription;
  /**
   * Readies what appending this member's events will need (the encrypting store: his data
   * key), so an append that follows a slow step need not wait for it. Stores that need nothing have none.
   */
  prepareForMember?(memberId: string): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export class EventStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}

export function matchesFilter(filter: EventFilter | undefined, event: { type: string; streamName: string }): boolean {
  if (!filter) return true;
  if ('eventTypes' in filter) return filter.eventTypes.includes(event.type);
  return filter.streamPrefixes.some((prefix) => event.streamName.startsWith(prefix));
}
