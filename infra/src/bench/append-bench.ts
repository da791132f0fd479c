import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';
import { printTable } from './bench-report';
import { serverSideCosts } from './append-server-side';
import { runBenchPart } from './run-bench-part';

/**
 * The PostgreSQL event store's appends beside raw INSERTs of the same rows (issue 29): one
 * event per append, each writer on streams of its own, the store and the raw INSERT measured
 * in the same run in interleaved rounds (which of them goes first alternates), on the same
 * database and the same pool size. A figure that misses its target is followed by where its
 * time goes: round trips, write transactions, WAL and CPU per append, measured.
 */
const APPENDS = Number(process.env.BENCH_APPENDS) || 6000;
/**
 * Five rounds, not three: over four quiet full runs a figure's median of three moved from
 * 0.87× to 0.97× (1 writer) and 0.94× to 1.01× (8 writers) with single rounds 10–15% apart;
 * the median of five is moved less by one slow round of either writer.
 */
const ROUNDS = Number(process.env.BENCH_APPEND_ROUNDS) || 5;
/** BENCH_APPEND_WRITERS=1 or 8 measures only that figure. */
const ALWAYS_BREAK_DOWN = process.env.BENCH_BREAKDOWN === '1';
const STREAMS_PER_WRITER = 50;

const TARGETS: readonly { writers: number; ratio: number; floor?: number }[] = [
  { writers: 1, ratio: 0.9 },
  { writers: 8, ratio: 0.95, floor: 3000 },
].filter(({ writers }) => !process.env.BENCH_APPEND_WRITERS || String(writers) === process.env.BENCH_APPEND_WRITERS);

const metadata = { causedBy: null, correlationId: 'bench', schemaVersion: 1 };

/**
 * es_events' shape, indexes and defaults, copied from the store's own table so the two cannot
 * drift apart, with a sequence of its own: what one event costs PostgreSQL at the least.
 */
const RAW_TABLE = `
CREATE TABLE IF NOT EXISTS raw_events (LIKE es_events INCLUDING ALL);
CREATE SEQUENCE IF NOT EXISTS raw_events_sequence_seq OWNED BY raw_events.sequence;
ALTER TABLE raw_events ALTER COLUMN sequence SET DEFAULT nextval('raw_events_sequence_seq')`;
const RAW_INSERT = {
  name: 'raw_insert',
  text: `INSERT INTO raw_events (event_id, stream_name, stream_revision, event_type, data, metadata)
         VALUES ($1, $2, $3, $4, $5, $6)`,
};

type Append = (stream: string, revision: number, data: Record<string, unknown>) => Promise<unknown>;
type Writer = { name: string; append: Append; close: () => Promise<void> };

async function storeWriter(databaseUrl: string, poolSize: number): Promise<Writer> {
  const store = await PostgresEventStore.connect({ connectionString: databaseUrl, poolSize });
  return {
    name: 'event store',
    append: (stream, _revision, data) =>
      store.appendToStream(stream, [{ id: randomUUID(), type: 'BenchEventAppended', data, metadata }]),
    close: () => store.close(),
  };
}

async function rawWriter(databaseUrl: string, poolSize: number): Promise<Writer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  await pool.query(RAW_TABLE);
  return {
    name: 'raw INSERT',
    append: (stream, revision, data) =>
      pool.query({
        ...RAW_INSERT,
        values: [randomUUID(), stream, revision, 'BenchEventAppended', JSON.stringify(data), JSON.stringify(metadata)],
      }),
    close: () => pool.end(),
  };
}

type Sent = { count: number; ms: number };

/**
 * Every statement a pg client sends in this process, by name (or its first words), with the
 * time from sending it to its answer: each is one round trip.
 */
class StatementCounter {
  private readonly sent = new Map<string, Sent>();
  private readonly original = pg.Client.prototype.query;

  start() {
    const sent = this.sent;
    const original = this.original as (...args: unknown[]) => unknown;
    const label = (config: unknown) => {
      if (typeof config === 'string') return config.replace(/\s+/g, ' ').trim().slice(0, 32);
      const named = config as { name?: string; text?: string } | null;
      return named?.name ?? (named?.text ?? '?').replace(/\s+/g, ' ').trim().slice(0, 32);
    };
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const entry = sent.get(label(args[0])) ?? { count: 0, ms: 0 };
      sent.set(label(args[0]), entry);
      entry.count++;
      const started = performance.now();
      const answered = () => (entry.ms += performance.now() - started);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...results: unknown[]) => {
          answered();
          return (callback as (...r: unknown[]) => unknown)(...results);
        };
        return original.apply(this, args);
      }
      const result = original.apply(this, args);
      if (result instanceof Promise) result.then(answered, answered);
      return result;
    } as typeof pg.Client.prototype.query;
  }

  stop() {
    pg.Client.prototype.query = this.original;
  }

  snapshot(): Map<string, Sent> {
    return new Map([...this.sent].map(([key, entry]) => [key, { ...entry }]));
  }

  static since(before: Map<string, Sent>, after: Map<string, Sent>): Map<string, Sent> {
    const delta = new Map<string, Sent>();
    for (const [key, entry] of after) {
      const was = before.get(key) ?? { count: 0, ms: 0 };
      if (entry.count > was.count) delta.set(key, { count: entry.count - was.count, ms: entry.ms - was.ms });
    }
    return delta;
  }
}

/**
 * CPU time (ns) of each process PostgreSQL's postmaster started (backends, WAL writer, ...), by
 * pid, from /proc/PID/schedstat; empty where there is no /proc.
 */
function postgresCpu(postmasterPid: number | null): Map<number, number> {
  const cpu = new Map<number, number>();
  if (postmasterPid === null) return cpu;
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return cpu;
  }
  for (const entry of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command name, which is in parentheses and may hold spaces.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (Number(entry) !== postmasterPid && parent !== postmasterPid) continue;
      cpu.set(Number(entry), Number(fs.readFileSync(`/proc/${entry}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return cpu;
}

/**
 * µs of CPU between two readings: a process started meanwhile (a pool reconnecting after its
 * idle timeout) counts whole; one that ended meanwhile (an autovacuum worker) is lost. Null
 * without /proc.
 */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let ns = 0;
  for (const [pid, spent] of after) ns += spent - (before.get(pid) ?? 0);
  return ns / 1000;
}

type ServerCounters = { xmax: bigint; lsn: string; postgresCpu: Map<number, number> };

class Server {
  private constructor(
    private readonly client: pg.Client,
    private readonly postmasterPid: number | null,
  ) {}

  static async open(databaseUrl: string): Promise<Server> {
    const client = new pg.Client({ connectionString: databaseUrl });
    // Held for the whole part: a server that goes away first must not take the bench down with an unhandled error.
    client.on('error', (error) => console.warn(`append bench: statistics connection lost (${error.message})`));
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    let postmasterPid: number | null = null;
    try {
      const stat = fs.readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
      postmasterPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      postmasterPid = null;
    }
    return new Server(client, postmasterPid);
  }

  /** The next transaction id to be given (each write transaction takes one, and flushes WAL at commit) and the WAL position. */
  async counters(): Promise<ServerCounters> {
    const { rows } = await this.client.query<{ xmax: string; lsn: string }>(
      'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax, pg_current_wal_lsn()::text AS lsn',
    );
    return { xmax: BigInt(rows[0].xmax), lsn: rows[0].lsn, postgresCpu: postgresCpu(this.postmasterPid) };
  }

  async walBytes(from: string, to: string): Promise<number> {
    const { rows } = await this.client.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($2, $1)::text AS bytes', [
      from,
      to,
    ]);
    return Number(rows[0].bytes);
  }

  close() {
    return this.client.end();
  }
}

type Measurement = {
  perSecond: number;
  appends: number;
  statements: Map<string, Sent>;
  transactions: number;
  walBytes: number;
  nodeCpuMicros: number;
  postgresCpuMicros: number | null;
};

async function measure(
  writer: Writer,
  writers: number,
  total: number,
  label: string,
  server: Server,
  counter: StatementCounter,
): Promise<Measurement> {
  const perWriter = Math.ceil(total / writers);
  const revisions = new Map<string, number>();
  const serverBefore = await server.counters();
  const statementsBefore = counter.snapshot();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i++) {
        const stream = `${label}-${writers}-${w}-${i % STREAMS_PER_WRITER}`;
        const revision = revisions.get(stream) ?? 0;
        revisions.set(stream, revision + 1);
        await writer.append(stream, revision, { writer: w, i });
      }
    }),
  );
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const statements = StatementCounter.since(statementsBefore, counter.snapshot());
  const serverAfter = await server.counters();
  const appends = perWriter * writers;
  return {
    perSecond: appends / (elapsed / 1000),
    appends,
    statements,
    transactions: Number(serverAfter.xmax - serverBefore.xmax),
    walBytes: await server.walBytes(serverBefore.lsn, serverAfter.lsn),
    nodeCpuMicros: cpu.user + cpu.system,
    postgresCpuMicros: cpuBetween(serverBefore.postgresCpu, serverAfter.postgresCpu),
  };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const rate = (value: number) => `${Math.round(value).toLocaleString('en')}`;

function breakdown(writers: number, measured: Record<string, Measurement[]>): string[][] {
  const names = Object.keys(measured);
  const per = (pick: (m: Measurement) => number | null, digits: number) =>
    names.map((name) => {
      const values = measured[name].map((m) => pick(m)).filter((value): value is number => value !== null);
      return values.length > 0 ? median(values).toFixed(digits) : 'n/a';
    });
  const summed = (name: string) => {
    const byStatement = new Map<string, Sent>();
    for (const m of measured[name])
      for (const [key, entry] of m.statements) {
        const total = byStatement.get(key) ?? { count: 0, ms: 0 };
        byStatement.set(key, { count: total.count + entry.count, ms: total.ms + entry.ms });
      }
    return [...byStatement.entries()].sort((a, b) => b[1].count - a[1].count);
  };
  const appendsOf = (name: string) => measured[name].reduce((sum, m) => sum + m.appends, 0);
  const statements = names.map((name) => {
    const sent = summed(name);
    const total = sent.reduce((sum, [, entry]) => sum + entry.count, 0);
    const parts = sent.map(([key, entry]) => `${key} ${(entry.count / appendsOf(name)).toFixed(2)}`);
    return `${(total / appendsOf(name)).toFixed(2)} (${parts.join(', ')})`;
  });
  const latencies = names.map((name) =>
    summed(name)
      .map(([key, entry]) => `${key} ${((entry.ms / entry.count) * 1000).toFixed(0)}`)
      .join(', '),
  );
  return [
    [`per append, ${writers} writer${writers > 1 ? 's' : ''} (median of ${ROUNDS} rounds)`, ...names],
    ['round trips = statements sent (by statement)', ...statements],
    ['µs from sending a statement to its answer (by statement)', ...latencies],
    ['write transactions (one WAL flush each)', ...per((m) => m.transactions / m.appends, 3)],
    ['WAL bytes', ...per((m) => m.walBytes / m.appends, 0)],
    ['Node CPU µs (this process)', ...per((m) => m.nodeCpuMicros / m.appends, 1)],
    [
      'PostgreSQL CPU µs (all its processes)',
      ...per((m) => (m.postgresCpuMicros === null ? null : m.postgresCpuMicros / m.appends), 1),
    ],
    ['wall µs', ...per((m) => 1e6 / m.perSecond, 1)],
  ];
}

export async function appendBench(server: RunningPostgres): Promise<void> {
  const counter = new StatementCounter();
  counter.start();
  const results: string[][] = [['figure', 'event store', 'raw INSERT', 'store / raw', 'target', 'met']];
  const breakdowns: string[][][] = [];
  try {
    for (const target of TARGETS) {
      const { writers } = target;
      const database = `appends_${writers}`;
      await ensureDatabase(postgresUrl(server, 'postgres'), database);
      const databaseUrl = postgresUrl(server, database);
      // The old bench's pool size: a connection per writer and two spare.
      const poolSize = writers + 2;
      const store = await storeWriter(databaseUrl, poolSize);
      const raw = await rawWriter(databaseUrl, poolSize);
      const stats = await Server.open(databaseUrl);
      const measured: Record<string, Measurement[]> = { [store.name]: [], [raw.name]: [] };
      try {
        // Warm-up, untimed, a round's worth: connections open, statements prepared, caches filled,
        // the append path compiled. The part starts in a process of its own, where nothing has
        // appended before it; with 1,000 the first 8-writer round of the store was the lowest in
        // every full run and in 3 runs of 3 alone (docs/performance.md).
        for (const writer of [store, raw]) await measure(writer, writers, APPENDS, 'warmup', stats, counter);
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? [store, raw] : [raw, store];
          for (const writer of order)
            measured[writer.name].push(await measure(writer, writers, APPENDS, `r${round}`, stats, counter));
        }
      } finally {
        await stats.close();
        await store.close();
        await raw.close();
      }
      const storeRate = median(measured[store.name].map((m) => m.perSecond));
      const rawRate = median(measured[raw.name].map((m) => m.perSecond));
      const ratio = storeRate / rawRate;
      const met = ratio >= target.ratio && (target.floor === undefined || storeRate >= target.floor);
      const rounds = (name: string) => measured[name].map((m) => rate(m.perSecond)).join(' / ');
      results.push([
        `appends/s, ${writers} writer${writers > 1 ? 's' : ''} (rounds: store ${rounds(store.name)}; raw ${rounds(raw.name)})`,
        rate(storeRate),
        rate(rawRate),
        `${ratio.toFixed(2)}×`,
        `≥ ${target.ratio}× raw${target.floor ? `, ≥ ${rate(target.floor)}/s` : ''}`,
        met ? 'yes' : 'NO',
      ]);
      if (!met || ALWAYS_BREAK_DOWN) breakdowns.push(breakdown(writers, measured));
    }
  } finally {
    counter.stop();
  }
  const load = os
    .loadavg()
    .map((average) => average.toFixed(2))
    .join(' ');
  console.log(
    `\nAppends: the event store beside raw INSERTs into a table of the same shape, one event each, ${APPENDS} per figure, ${ROUNDS} interleaved rounds, medians (load average ${load})\n`,
  );
  printTable(results);
  for (const table of breakdowns) {
    console.log('\nWhere the time goes:\n');
    printTable(table);
  }
  if (breakdowns.length > 0) {
    // The server's share, without the client's noise: what the store's statement costs PostgreSQL beside raw's.
    const client = new pg.Client({ connectionString: postgresUrl(server, `appends_${TARGETS[0].writers}`) });
    await client.connect();
    try {
      console.log('');
      printTable(await serverSideCosts(client, ROUNDS));
    } finally {
      await client.end();
    }
  }
}

if (require.main === module) runBenchPart('append', appendBench);
