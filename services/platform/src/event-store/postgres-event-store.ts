import { setTimeout as sleep } from 'node:timers/promises';
import { BroadcastChannel } from 'node:worker_threads';
import type { Pool } from 'pg';
import pg from 'pg';
import { upcastEvent } from '@reflections/contracts/event-schemas';
import { comparePositions, type Position, START } from '@reflections/contracts/position';
import {
  type AppendResult,
  type EventFilter,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type PageReader,
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
import { pagesInTurn, pagesOneByOne, stretchBounds } from './page-readers';
import { RecentEvents } from './recent-events';
import {
  APPEND_BATCH_STATEMENT,
  type AppendedRow,
  type AppendKind,
  appendKind,
  appendStatement,
  EVENT_STORE_SCHEMA_SQL,
  parseAppended,
  REVISION_TAKEN,
} from './postgres-schema';
import { KnownRevisions } from './known-revisions';
import { AppendBatches, type AppendRequest, type AppendRow } from './append-batches';

/**
 * An event's row as an array in COLUMNS' order: node-postgres builds an object per row by
 * copying a null-prototype template and setting each column by name, which with the dates
 * was most of a replay's cost of reading a page beyond the socket (docs/performance.md).
 */
type EventRow = [
  txid: string,
  sequence: string,
  event_id: string,
  stream_name: string,
  stream_revision: string,
  event_type: string,
  data: unknown,
  metadata: RecordedEvent['metadata'],
  created_ms: number,
];

// The text column gets its own name: ORDER BY transaction_id must sort the xid8, not its text.
// The instant as whole milliseconds since 1970 (floored, as node-postgres drops the microseconds):
// parsing a timestamptz's text into a Date took 5–7% of a replay's Node CPU, a number next to nothing.
const COLUMNS =
  'transaction_id::text AS txid, sequence, event_id, stream_name, stream_revision, event_type, data, metadata, floor(extract(epoch FROM created_at) * 1000)::float8 AS created_ms';
/** Only rows whose writing transaction is older than every running one: they can no longer be overtaken. */
const SETTLED = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
const AFTER = '(transaction_id, sequence) > ($1::text::xid8, $2::bigint)';

/** Where each of COLUMNS is in an EventRow. */
const COLUMN = {
  txid: 0,
  sequence: 1,
  eventId: 2,
  streamName: 3,
  streamRevision: 4,
  eventType: 5,
  data: 6,
  metadata: 7,
  createdMs: 8,
} as const;

/** The event in `row` from column `at` on (a page's rows carry the log's head before it: HEAD_COLUMNS). */
const toRecorded = (row: readonly unknown[], at = 0): RecordedEvent =>
  upcastEvent({
    id: row[at + COLUMN.eventId] as string,
    type: row[at + COLUMN.eventType] as string,
    data: row[at + COLUMN.data],
    metadata: row[at + COLUMN.metadata] as RecordedEvent['metadata'],
    streamName: row[at + COLUMN.streamName] as string,
    revision: BigInt(row[at + COLUMN.streamRevision] as string),
    position: { commit: BigInt(row[at + COLUMN.txid] as string), prepare: BigInt(row[at + COLUMN.sequence] as string) },
    createdAt: new Date(row[at + COLUMN.createdMs] as number),
  });

/** A read's filter as the condition on its fourth parameter. */
function filterOf(filter: EventFilter | undefined): { sql: string; params: unknown[] } {
  if (!filter) return { sql: '', params: [] };
  if ('eventTypes' in filter) return { sql: 'AND event_type = ANY($4::text[])', params: [filter.eventTypes] };
  const patterns = filter.streamPrefixes.map((prefix) => prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%');
  return { sql: 'AND stream_name LIKE ANY($4::text[])', params: [patterns] };
}

/**
 * A row of readAllPage: the log's head (transaction, sequence) beside each event, and once
 * with nulls for the event's columns when none matched.
 */
type HeadedRow = [head_txid: string, head_sequence: string, ...EventRow];
/** How many columns of a HeadedRow come before the event's. */
const HEAD_COLUMNS = 2;

const positionParams = (after: Position | undefined) => [String(after?.commit ?? 0n), String(after?.prepare ?? 0n)];

/**
 * Stretches of the log a rebuild reads side by side (`readAllAhead`): each one's first page
 * is read at once, on a connection of its own, so a rebuild of a few pages waits for about
 * one read instead of one after the other; later pages are read one ahead, as before.
 */
const STRETCHES = 4;

/**
 * Calls with the same key in one turn of the event loop share one call, made after the
 * last of them asked: as fresh as each caller's own. Every subscription wakes on the same
 * append and asks for the same page, so one query serves them all.
 */
function sharedPerTurn<A, R>(keyOf: (arg: A) => string, call: (arg: A) => Promise<R>): (arg: A) => Promise<R> {
  const waiting = new Map<string, Promise<R>>();
  return (arg) => {
    const key = keyOf(arg);
    let shared = waiting.get(key);
    if (!shared) {
      shared = new Promise<R>((resolve) =>
        setImmediate(() => {
          waiting.delete(key);
          resolve(call(arg));
        }),
      );
      waiting.set(key, shared);
    }
    return shared;
  };
}

/**
 * Under a stream of writes, the newest events are read from the database at most this
 * often, so each page carries several and each subscriber pays one transaction for all
 * of them. After a quiet spell the first event is read at once.
 */
const TAIL_READ_INTERVAL_MS = 5;
/**
 * How long a subscription waits before looking again when committed events are held back
 * by a transaction still running, `heldMs` after it first found them so. Almost always
 * that is an append in flight, or a projector's batch (any transaction with an id holds
 * back the events committed after it began), which ends within milliseconds; each append's
 * commit also wakes the subscription at once (see Notifier). A transaction still running
 * after a quarter of a second is a long one (a rebuild, a backup), polled less and less
 * often. With 100 ms from the start, a read at 32 concurrent writers waited 105 ms at p99
 * for one projector (docs/performance.md).
 */
export const heldBackPollMs = (heldMs: number) =>
  heldMs < 250 ? Math.min(8, 1 + heldMs / 4) : Math.min(100, heldMs / 8);

/** Messages between threads' stores besides a wake (null): a store listens, and a new one asks who does. */
const LISTENING = 'listening';
const ASKED_WHO_LISTENS = 'who listens';

/** Other processes hear of new events at most this often under a stream of writes (see Notifier). */
const NOTIFY_INTERVAL_MS = 5;

/**
 * An any or stream_exists append that loses its revision to another writer reads it again;
 * each loss is another writer's success, so only a stream appended to by this many writers
 * at the very same moment could exhaust it.
 */
const MAX_APPEND_ATTEMPTS = 20;

const positionKey = (position: Position | undefined) => (position ? `${position.commit}:${position.prepare}` : 'start');

/** The stores of one database in this process's threads share a channel named after it (not its password). */
function channelName(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `es_events ${url.hostname}:${url.port}${url.pathname}${url.searchParams.get('host') ?? ''}`;
  } catch {
    return `es_events ${connectionString}`;
  }
}

/**
 * Wakes subscribers on NOTIFY es_events, so live delivery does not wait for a poll, and
 * through a BroadcastChannel those in other threads of this process (the projector
 * thread), which need not wait for a NOTIFY's round trip and its pacing.
 *
 * Other processes hear of appends through a NOTIFY carried by an append's own statement,
 * at most one every NOTIFY_INTERVAL_MS: it costs no round trip and no transaction. A
 * NOTIFY sent alone is a transaction with a WAL flush of its own (PostgreSQL gives it a
 * transaction id), which on a slow disk doubled the flushes of a single writer; one in
 * every append would hold the global NOTIFY lock through every commit. Appends committed
 * when no statement was carrying one are announced by the next statement that carries
 * one, or by a NOTIFY sent alone twice NOTIFY_INTERVAL_MS after the first of them, unless
 * none is left unannounced by then. Under a steady stream some always are (those after the
 * latest carrier), so about every 10 ms one goes alone beside the carriers: 3% of a lone
 * writer's appends. Sending none then (the timer counted from the oldest append not yet
 * covered) was measured and not kept: one writer's appends fell from 0.92 to 0.86 of raw
 * INSERT's rate in 8 pairs of 9 (docs/performance.md, "A NOTIFY alone every 10 ms").
 */
class Notifier {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly threads: BroadcastChannel;
  private broadcasting = false;
  private closed = false;
  private lastNotifyAt = -Infinity;
  private carriersInFlight = 0;
  /** Appends have committed that no NOTIFY sent after their commit covers. */
  private unannounced = false;
  private trailing: NodeJS.Timeout | null = null;
  /** A store in another thread listens: only then does an append's wake cross to other threads. */
  private othersListen = false;

  constructor(
    private readonly connectionString: string,
    private readonly pool: Pool,
  ) {
    this.threads = new BroadcastChannel(channelName(connectionString));
    this.threads.onmessage = (message: unknown) => this.heard((message as MessageEvent).data);
    // A channel must not keep a process alive, and wakes only the other threads' stores.
    this.threads.unref();
    // Those already listening answer, so the first appends here already wake them.
    this.threads.postMessage(ASKED_WHO_LISTENS);
  }

  /**
   * A wake from another thread's append (null), or word of who listens. Without this, a
   * process whose other threads subscribe to nothing (the command service on its own, the
   * append bench) posted a message to nobody on every append. A store that has not heard a
   * listener yet when it appends leaves it to the append's NOTIFY (within NOTIFY_INTERVAL_MS).
   */
  private heard(data: unknown) {
    if (data === LISTENING) this.othersListen = true;
    else if (data === ASKED_WHO_LISTENS) {
      if (this.listeners.size > 0) this.threads.postMessage(LISTENING);
    } else this.listeners.forEach((listener) => listener());
  }

  /** Whether the append statement about to be sent carries the NOTIFY (then call sent() when it has answered). */
  carry(): boolean {
    const now = performance.now();
    if (this.carriersInFlight > 0 || now - this.lastNotifyAt < NOTIFY_INTERVAL_MS) return false;
    this.lastNotifyAt = now;
    this.carriersInFlight++;
    // Every append that has committed by now commits before this statement does: its NOTIFY covers them.
    this.unannounced = false;
    return true;
  }

  /** An append statement answered: `wrote` whether it committed events, `carried` what carry() said for it. */
  sent(carried: boolean, wrote: boolean) {
    if (carried) this.carriersInFlight--;
    // A carrier that failed announced nothing, not even the appends before it that it was to cover.
    if (carried ? !wrote : wrote) {
      this.unannounced = true;
      // Twice the interval after the first append left unannounced; under a steady stream one still goes alone then (see above).
      this.trailing ??= setTimeout(() => this.notifyAlone(), 2 * NOTIFY_INTERVAL_MS);
    }
  }

  private notifyAlone() {
    this.trailing = null;
    if (!this.unannounced || this.closed) return;
    this.unannounced = false;
    this.lastNotifyAt = performance.now();
    this.pool.query("SELECT pg_notify('es_events', '')").catch(() => {
      this.unannounced = true;
    });
  }

  /** Wakes this thread's subscribers at once and other threads' in the same turn of the event loop. */
  wake() {
    this.listeners.forEach((listener) => listener());
    if (this.othersListen && !this.broadcasting) {
      this.broadcasting = true;
      setImmediate(() => {
        this.broadcasting = false;
        if (!this.closed) this.threads.postMessage(null);
      });
    }
  }

  async listen(listener: () => void): Promise<() => void> {
    if (this.listeners.size === 0) this.threads.postMessage(LISTENING);
    this.listeners.add(listener);
    this.connecting ??= this.connect();
    await this.connecting;
    return () => this.listeners.delete(listener);
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', () => this.listeners.forEach((listener) => listener()));
    client.on('error', () => {
      this.client = null;
      this.connecting = null;
    });
    await client.connect();
    await client.query('LISTEN es_events');
    this.client = client;
  }

  async close() {
    this.closed = true;
    if (this.trailing) clearTimeout(this.trailing);
    this.listeners.clear();
    this.threads.close();
    await this.connecting?.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}

export type PostgresEventStoreOptions = { connectionString: string; poolSize?: number };

export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly notifier: Notifier;
  private readonly subscriptions = new OpenSubscriptions();
  /** A subscription's next page: the events after a cursor, whatever their type (subscriptions filter in memory). */
  private readonly nextPage = sharedPerTurn(
    ({ after, maxCount }: { after: Position | undefined; maxCount: number }) => `${positionKey(after)}/${maxCount}`,
    (options) => this.readAll(options),
  );
  private readonly recent = new RecentEvents();
  private lastTailRead = -Infinity;
  private tailReadGate: Promise<void> | null = null;
  private readonly appends = new AppendBatches({
    one: (request) => this.appendOne(request),
    many: (requests) => this.appendMany(requests),
  });
  private readonly known = new KnownRevisions();
  private readonly nextEvent = sharedPerTurn(positionKey, (after: Position | undefined) => this.nextEventState(after));

  private constructor(options: PostgresEventStoreOptions) {
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 10 });
    this.pool.on('error', () => undefined);
    this.notifier = new Notifier(options.connectionString, this.pool);
  }

  /** Connects and creates the schema if it is missing. */
  static async connect(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(options);
    const client = await store.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(7412001)');
      await client.query(EVENT_STORE_SCHEMA_SQL);
    } finally {
      await client.query('SELECT pg_advisory_unlock(7412001)').catch(() => undefined);
      client.release();
    }
    return store;
  }

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    try {
      const row = await this.appends.append({ streamName, events, expected });
      if (row.next_revision !== null && row.last_sequence !== null) {
        this.notifier.wake();
        const nextRevision = BigInt(row.next_revision);
        this.known.saw(streamName, nextRevision);
        return {
          nextRevision,
          position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.last_sequence) },
        };
      }
      const repeated = await this.findAppended(streamName, events);
      if (repeated) return repeated;
      return this.conflict(streamName, expected);
    } catch (error) {
      // A concurrent append of the same event ids won the race for the unique key.
      if ((error as { code?: string }).code === '23505') return this.idempotentResult(streamName, events, expected);
      throw error;
    }
  }

  /**
   * The statement kind for an append, and the revision it appends after where it names one.
   * Where this process saw the stream's last revision committed, any, stream_exists and an
   * exact revision equal to it append after it without reading it; a stale one fails the
   * unique key as a lost race does (see KnownRevisions).
   */
  private appendAfter(streamName: string, expected: ExpectedRevision): { kind: AppendKind; revision: string | null } {
    const asked = appendKind(expected);
    const known = this.known.of(streamName);
    if (
      known !== undefined &&
      (asked === 'any' || asked === 'stream_exists' || (asked === 'exact' && known === expected))
    )
      return { kind: 'known', revision: String(known) };
    return { kind: asked, revision: asked === 'exact' ? String(expected) : null };
  }

  private async appendOne({ streamName, events, expected }: AppendRequest): Promise<AppendRow> {
    const asked = appendKind(expected);
    const single = events.length === 1;
    for (let attempt = 1; ; attempt++) {
      const { kind, revision } = this.appendAfter(streamName, expected);
      const carried = this.notifier.carry();
      const values: unknown[] = single
        ? [streamName, events[0].id, events[0].type, JSON.stringify(events[0].data), JSON.stringify(events[0].metadata)]
        : [
            streamName,
            events.map((e) => e.id),
            events.map((e) => e.type),
            events.map((e) => JSON.stringify(e.data)),
            events.map((e) => JSON.stringify(e.metadata)),
          ];
      values.push(carried);
      if (revision !== null) values.push(revision);
      let wrote = false;
      try {
        // Named, so each connection parses and plans it once.
        const { rows } = await this.pool.query<AppendedRow>({ ...appendStatement(kind, events.length), values });
        const appended = parseAppended(rows);
        wrote = appended !== null;
        return appended ?? { next_revision: null, transaction_id: '0', last_sequence: null };
      } catch (error) {
        // Another writer took the revision this one read: any and stream_exists hold still, so read it again.
        const taken = (error as { constraint?: string }).constraint === REVISION_TAKEN;
        if (taken) this.known.writtenElsewhere(streamName);
        if (!taken || (asked !== 'any' && asked !== 'stream_exists') || attempt >= MAX_APPEND_ATTEMPTS) throw error;
      } finally {
        this.notifier.sent(carried, wrote);
      }
    }
  }

  private async appendMany(requests: readonly AppendRequest[]): Promise<AppendRow[]> {
    const asked = requests.map(({ streamName, events, expected }, i) => {
      const { kind, revision } = this.appendAfter(streamName, expected);
      return {
        i,
        stream: streamName,
        kind,
        expected: revision,
        events: events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
      };
    });
    const carried = this.notifier.carry();
    let wrote = false;
    try {
      const { rows } = await this.pool.query<AppendRow>({
        ...APPEND_BATCH_STATEMENT,
        values: [JSON.stringify(asked), carried],
      });
      wrote = rows.some((row) => row.next_revision !== null);
      return rows;
    } finally {
      this.notifier.sent(carried, wrote);
    }
  }

  /** An append repeated with the same event ids answers as the original did, and writes nothing. */
  private async idempotentResult(
    streamName: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const repeated = await this.findAppended(streamName, events);
    if (repeated) return repeated;
    return this.conflict(streamName, expected);
  }

  private async conflict(streamName: string, expected: ExpectedRevision): Promise<never> {
    const actual = await this.pool.query<{ revision: string | null }>(
      'SELECT max(stream_revision)::text AS revision FROM es_events WHERE stream_name = $1',
      [streamName],
    );
    throw new WrongExpectedRevisionError(
      streamName,
      expected,
      actual.rows[0].revision !== null ? BigInt(actual.rows[0].revision) : 'no_stream',
    );
  }

  private async findAppended(streamName: string, events: readonly EventToAppend[]): Promise<AppendResult | null> {
    const { rows } = await this.pool.query<EventRow>({
      text: `SELECT ${COLUMNS} FROM es_events WHERE event_id = ANY($1::uuid[]) ORDER BY transaction_id, sequence`,
      values: [events.map((e) => e.id)],
      rowMode: 'array',
    });
    if (rows.length !== events.length || rows.some((row) => row[COLUMN.streamName] !== streamName)) return null;
    const last = toRecorded(rows[rows.length - 1]);
    return { nextRevision: last.revision, position: last.position };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? BigInt(Number.MAX_SAFE_INTEGER) : 0n);
    const { rows } = await this.pool.query<EventRow>({
      text: `SELECT ${COLUMNS} FROM es_events WHERE stream_name = $1 AND stream_revision ${backwards ? '<=' : '>='} $2
       ORDER BY stream_revision ${backwards ? 'DESC' : 'ASC'} LIMIT $3`,
      values: [streamName, String(from), options.maxCount ?? null],
      rowMode: 'array',
    });
    return rows.map((row) => toRecorded(row));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { sql, params } = filterOf(options.filter);
    const { rows } = await this.pool.query<EventRow>({
      text: `SELECT ${COLUMNS} FROM es_events WHERE ${AFTER} AND ${SETTLED} ${sql} ORDER BY transaction_id, sequence LIMIT $3`,
      values: [...positionParams(options.after), options.maxCount ?? 1000, ...params],
      rowMode: 'array',
    });
    return rows.map((row) => toRecorded(row));
  }

  /**
   * The page and the log's head in one statement, so in one snapshot: a page shorter than
   * asked for holds every matching event up to that head, and none past it is settled yet.
   */
  async readAllPage(options: ReadAllOptions = {}): Promise<ReadAllPage> {
    const { sql, params } = filterOf(options.filter);
    const { rows } = await this.pool.query<HeadedRow>({
      text: `SELECT head.head_txid, head.head_sequence, page.*
         FROM (SELECT transaction_id::text AS head_txid, sequence::text AS head_sequence FROM es_events
                WHERE ${SETTLED} ORDER BY transaction_id DESC, sequence DESC LIMIT 1) AS head
         LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM es_events
                WHERE ${AFTER} AND ${SETTLED} ${sql} ORDER BY transaction_id, sequence LIMIT $3) AS page ON true`,
      values: [...positionParams(options.after), options.maxCount ?? 1000, ...params],
      rowMode: 'array',
    });
    const events: RecordedEvent[] = [];
    for (const row of rows) if (row[HEAD_COLUMNS + COLUMN.txid] !== null) events.push(toRecorded(row, HEAD_COLUMNS));
    // A join against one row hands the page on in its order; an outer ORDER BY would sort
    // every page again (3 ms of 4,000 rows), so the order is checked here instead.
    if (events.some((event, i) => i > 0 && comparePositions(events[i - 1].position, event.position) > 0))
      events.sort((a, b) => comparePositions(a.position, b.position));
    if (events.length === (options.maxCount ?? 1000)) return { events, scannedTo: events[events.length - 1].position };
    const head: Position | undefined = rows[0] && {
      commit: BigInt(rows[0][0]),
      prepare: BigInt(rows[0][1]),
    };
    const scannedTo =
      head === undefined || (options.after !== undefined && comparePositions(options.after, head) > 0)
        ? options.after
        : head;
    return { events, scannedTo };
  }

  /**
   * Reads the log after `after` in STRETCHES stretches cut by transaction id up to the settled
   * head, each stretch's first page at once, then on from that head page by page (events
   * settled since). The events and their order are `readAllPage`'s: every event up to a
   * settled head is settled, and a stretch ends where the next begins.
   */
  readAllAhead(options: ReadAllOptions = {}): PageReader {
    const maxCount = options.maxCount ?? 1000;
    const from = options.after ?? START;
    const onFrom = (after: Position) =>
      pagesOneByOne((at) => this.readAllPage({ ...options, after: at }), after, maxCount);
    const readers = this.settledEnds().then((ends) => {
      if (!ends || comparePositions(ends.last, from) <= 0) return [onFrom(from)];
      let after = from;
      const stretches = stretchBounds(from, ends.first, ends.last, STRETCHES).map((upTo) => {
        const stretch = pagesOneByOne(
          (at) => this.readStretchPage(at, upTo, maxCount, options.filter),
          after,
          maxCount,
        );
        after = upTo;
        return stretch;
      });
      return [...stretches, onFrom(ends.last)];
    });
    readers.catch(() => undefined);
    return pagesInTurn(readers);
  }

  /** The log's first position and its last settled one, or undefined while none is settled. */
  private async settledEnds(): Promise<{ first: Position; last: Position } | undefined> {
    const { rows } = await this.pool.query<[string, string, string, string]>({
      text: `SELECT first.txid, first.seq, last.txid, last.seq
         FROM (SELECT transaction_id::text AS txid, sequence::text AS seq FROM es_events
                ORDER BY transaction_id, sequence LIMIT 1) AS first,
              (SELECT transaction_id::text AS txid, sequence::text AS seq FROM es_events
                WHERE ${SETTLED} ORDER BY transaction_id DESC, sequence DESC LIMIT 1) AS last`,
      rowMode: 'array',
    });
    const [row] = rows;
    if (!row) return undefined;
    return {
      first: { commit: BigInt(row[0]), prepare: BigInt(row[1]) },
      last: { commit: BigInt(row[2]), prepare: BigInt(row[3]) },
    };
  }

  /** A page of the stretch up to `upTo` (a settled position): short at the stretch's end, which it has then passed. */
  private async readStretchPage(
    after: Position,
    upTo: Position,
    maxCount: number,
    filter: EventFilter | undefined,
  ): Promise<ReadAllPage> {
    const { sql, params } = filterOf(filter);
    const bound = params.length + 4;
    const { rows } = await this.pool.query<EventRow>({
      text: `SELECT ${COLUMNS} FROM es_events
              WHERE ${AFTER} AND (transaction_id, sequence) <= ($${bound}::text::xid8, $${bound + 1}::bigint)
                AND ${SETTLED} ${sql} ORDER BY transaction_id, sequence LIMIT $3`,
      values: [...positionParams(after), maxCount, ...params, ...positionParams(upTo)],
      rowMode: 'array',
    });
    const events = rows.map((row) => toRecorded(row));
    return { events, scannedTo: events.length === maxCount ? events[events.length - 1].position : upTo };
  }

  /** A subscription's next page: from the events this process read last when it can, else from the log. */
  private async pageAfter(after: Position | undefined, maxCount: number): Promise<RecordedEvent[]> {
    const held = this.recent.after(after, maxCount);
    if (held) return held;
    if (this.recent.endsAt(after)) {
      const wait = this.lastTailRead + TAIL_READ_INTERVAL_MS - performance.now();
      if (wait > 0) {
        this.tailReadGate ??= sleep(wait).then(() => {
          this.tailReadGate = null;
        });
        await this.tailReadGate;
        const readMeanwhile = this.recent.after(after, maxCount);
        if (readMeanwhile) return readMeanwhile;
      }
    }
    const page = await this.nextPage({ after, maxCount });
    if (page.length > 0) this.lastTailRead = performance.now();
    this.recent.add(after, page);
    return page;
  }

  /** Whether committed events past `after` are held back by a transaction still running. */
  /**
   * Whether the first event after a cursor is `held` back by a transaction still running,
   * `readable` now, or there is `none`. A page read a moment ago may have found an event held
   * back that has settled since; its append's wake may have come before that page, so
   * without `readable` the subscription would wait for the next append or its idle timeout
   * (a second) to read it. Transaction ids only grow along the log's order: if the first
   * event after the cursor is settled it can be read, and if it is not, none after it is.
   */
  private async nextEventState(after: Position | undefined): Promise<'held' | 'readable' | 'none'> {
    const { rows } = await this.pool.query<{ settled: boolean }>(
      `SELECT ${SETTLED} AS settled FROM es_events WHERE ${AFTER} ORDER BY transaction_id, sequence LIMIT 1`,
      positionParams(after),
    );
    if (rows.length === 0) return 'none';
    return rows[0].settled ? 'readable' : 'held';
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    let running = true;
    let wake: (() => void) | null = null;
    let notified = false;
    const onNotify = () => {
      notified = true;
      wake?.();
    };
    let resolveCaughtUp!: () => void;
    const caughtUp = new Promise<void>((resolve) => (resolveCaughtUp = resolve));
    const batchSize = options.maxBatchSize ?? 500;

    const waitForNews = (ms: number) =>
      new Promise<void>((resolve) => {
        if (notified || !running) return resolve();
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });

    const loop = async () => {
      const unlisten = await this.notifier.listen(onNotify);
      let cursor = options.after;
      let heldBackSince: number | null = null;
      try {
        while (running) {
          notified = false;
          const scanned = await this.pageAfter(cursor, batchSize);
          if (scanned.length > 0) {
            heldBackSince = null;
            cursor = scanned[scanned.length - 1].position;
            const delivered = scanned.filter((event) => matchesFilter(options.filter, event));
            await options.onBatch(delivered, cursor, scanned.length < batchSize);
            continue;
          }
          resolveCaughtUp();
          const next = await this.nextEvent(cursor);
          if (next === 'readable') continue;
          if (next === 'held') {
            heldBackSince ??= performance.now();
            await waitForNews(heldBackPollMs(performance.now() - heldBackSince));
          } else {
            heldBackSince = null;
            await waitForNews(1000);
          }
        }
      } finally {
        unlisten();
        resolveCaughtUp();
      }
    };

    const stopped = loop().catch((error) => {
      running = false;
      options.onError?.(error);
    });
    return this.subscriptions.track({
      caughtUp,
      stopped,
      interrupt: () => {
        running = false;
        wake?.();
      },
    });
  }

  async close(): Promise<void> {
    await this.subscriptions.stopAll();
    await this.notifier.close();
    await this.pool.end();
  }
}
