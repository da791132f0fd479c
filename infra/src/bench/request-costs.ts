import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** What a stretch of requests cost, in total. */
export type Cost = {
  requests: number;
  /** Statements sent to PostgreSQL from this thread (the one answering requests): each is one round trip. */
  roundTrips: number;
  /** Of those, transactions begun explicitly (a BEGIN). */
  transactions: number;
  /** The round trips by their statement's first word (INSERT, SELECT, CREATE, ...; SEVERAL for a string of statements). */
  statementKinds: Record<string, number>;
  /** CPU of this thread (the one answering requests: both apps and the bare route run on it), without the other threads. */
  mainThreadMs: number;
  /** CPU of the whole process: this thread, the clients' thread, the projectors' thread. */
  processCpuMs: number;
  /** CPU of every PostgreSQL process of the server measured. */
  postgresCpuMs: number;
  /**
   * The process's CPU by thread: `request` is this thread; named threads (nameThisThread) by
   * their name; `helpers` the unnamed rest (V8's garbage collection and compilation, libuv's pool).
   */
  threadsMs: Readonly<Record<string, number>>;
  /** The server's statements in the stretch (pg_stat_statements, when the server loads it): calls and execution time of each. */
  statements: readonly Statement[];
};

export type Statement = { text: string; calls: number; ms: number };

type QueryFunction = (this: unknown, ...args: unknown[]) => unknown;

const CLOCK_TICK_MS = 10;

/** The main thread's own entry in /proc (its thread id is the process id). */
const MAIN_THREAD = `self/task/${process.pid}`;

/** Node names every thread after the process: a thread that did not name itself is a helper. */
const UNNAMED = fs.readFileSync(`/proc/${MAIN_THREAD}/comm`, 'utf8').trim();

/** This process's CPU per thread, labelled as Cost.threadsMs says; by thread id, so threads that end between two readings are dropped, not mixed up. */
function cpuOfThreads(): Map<string, { label: string; ms: number }> {
  const threads = new Map<string, { label: string; ms: number }>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    let name: string;
    try {
      name = fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const label = tid === String(process.pid) ? 'request' : name === UNNAMED ? 'helpers' : name;
    threads.set(tid, { label, ms: cpuOfProcess(`self/task/${tid}`) });
  }
  return threads;
}

function threadsSince(before: Map<string, { label: string; ms: number }>): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [tid, { label, ms }] of cpuOfThreads()) used[label] = (used[label] ?? 0) + ms - (before.get(tid)?.ms ?? 0);
  return used;
}

/** A /proc stat line's fields from the third (state) on: the name before them may hold spaces. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime (fields 14 and 15 of stat(5)) of a process or thread, in milliseconds; 0 when it has gone. */
function cpuOfProcess(pid: number | string): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS : 0;
}

/** cutime + cstime (fields 16 and 17): the CPU of the children it has reaped. */
function cpuOfReapedChildren(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_MS : 0;
}

function parentOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : null;
}

/**
 * The postmaster's CPU and its children's (the backends, the WAL writer, the checkpointer):
 * a child that ends moves its CPU into the postmaster's reaped-children time, so the sum
 * holds across connections closing.
 */
function postgresCpu(postmaster: number): number {
  let total = cpuOfProcess(postmaster) + cpuOfReapedChildren(postmaster);
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && parentOf(pid) === postmaster) total += cpuOfProcess(pid);
  }
  return total;
}

const statementText = (args: unknown[]) => {
  const first = args[0];
  if (typeof first === 'string') return first;
  return typeof (first as { text?: unknown } | null)?.text === 'string' ? (first as { text: string }).text : '';
};

/**
 * Counts what requests cost while `measure` runs: every `pg` client in this thread (the
 * project's and MikroORM's own copy) is wrapped to count its statements; the event loop's
 * CPU, the process's and the PostgreSQL server's are read before and after.
 * For the bench's breakdown of a figure that misses its target, not for production.
 */
export class RequestCosts {
  private counting = false;
  private roundTrips = 0;
  private transactions = 0;
  private statementKinds: Record<string, number> = {};

  private constructor(
    private readonly postmaster: number | null,
    /** Reads pg_stat_statements; null when the server does not load it. */
    private readonly statistics: pg.Client | null,
  ) {}

  static async attach(databaseUrl: string): Promise<RequestCosts> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let postmaster: number | null;
    try {
      const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      // Read while the backend lives: its parent is the server's postmaster.
      postmaster = parentOf(backend);
    } finally {
      await client.end();
    }
    const costs = new RequestCosts(postmaster, await statementStatistics(databaseUrl));
    const mikroOrmPg = path.dirname(require.resolve('@mikro-orm/postgresql/package.json'));
    const theirs = (await import(require.resolve('pg', { paths: [mikroOrmPg] }))) as { default: typeof pg };
    for (const Client of new Set([pg.Client, theirs.default.Client]))
      costs.wrap(Client.prototype as unknown as { query: QueryFunction });
    return costs;
  }

  private wrap(prototype: { query: QueryFunction }) {
    const query = prototype.query;
    const count = (args: unknown[]) => {
      if (!this.counting) return;
      this.roundTrips++;
      const text = statementText(args);
      if (/^\s*begin\b/i.test(text)) this.transactions++;
      // A string of several statements is one round trip and one implicit transaction.
      const kind = /;\s*\S/.test(text) ? 'SEVERAL' : (/^\s*(\w+)/.exec(text)?.[1].toUpperCase() ?? '?');
      this.statementKinds[kind] = (this.statementKinds[kind] ?? 0) + 1;
    };
    prototype.query = function countedQuery(this: unknown, ...args: unknown[]) {
      count(args);
      return query.apply(this, args);
    };
  }

  /** Runs `work` (which makes `requests` requests) and answers what it cost. CPU is read in clock ticks: measure hundreds of requests. */
  async measure<T>(requests: number, work: () => Promise<T>): Promise<{ result: T; cost: Cost }> {
    this.roundTrips = 0;
    this.transactions = 0;
    this.statementKinds = {};
    const mainThread = cpuOfProcess(MAIN_THREAD);
    const cpu = process.cpuUsage();
    const postgres = this.postmaster ? postgresCpu(this.postmaster) : 0;
    const threads = cpuOfThreads();
    await this.statistics?.query('SELECT pg_stat_statements_reset()');
    this.counting = true;
    try {
      const result = await work();
      return {
        result,
        cost: {
          requests,
          roundTrips: this.roundTrips,
          transactions: this.transactions,
          statementKinds: this.statementKinds,
          mainThreadMs: cpuOfProcess(MAIN_THREAD) - mainThread,
          processCpuMs: (() => {
            const used = process.cpuUsage(cpu);
            return (used.user + used.system) / 1000;
          })(),
          postgresCpuMs: this.postmaster ? postgresCpu(this.postmaster) - postgres : Number.NaN,
          threadsMs: threadsSince(threads),
          statements: await this.statementsSinceReset(),
        },
      };
    } finally {
      this.counting = false;
    }
  }

  async detach(): Promise<void> {
    await this.statistics?.end();
  }

  private async statementsSinceReset(): Promise<Statement[]> {
    if (!this.statistics) return [];
    this.counting = false;
    const { rows } = await this.statistics.query<{ text: string; calls: string; ms: number }>(
      `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS text, calls, total_exec_time AS ms FROM pg_stat_statements
        WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 12`,
    );
    return rows.map((row) => ({ text: row.text, calls: Number(row.calls), ms: row.ms }));
  }
}

/** A connection that reads pg_stat_statements, or null when the server was not started with it (see startEmbeddedPostgres). */
async function statementStatistics(databaseUrl: string): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // Held for the whole part: a server that goes away first must not take the bench down with an unhandled error.
  client.on('error', (error) => console.warn(`bench: pg_stat_statements connection lost (${error.message})`));
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
    return client;
  } catch {
    await client.end();
    return null;
  }
}

/** Costs of several stretches added up. */
export const addCosts = (costs: readonly Cost[]): Cost =>
  costs.reduce((sum, cost) => ({
    requests: sum.requests + cost.requests,
    roundTrips: sum.roundTrips + cost.roundTrips,
    transactions: sum.transactions + cost.transactions,
    statementKinds: Object.fromEntries(
      [...new Set([...Object.keys(sum.statementKinds), ...Object.keys(cost.statementKinds)])].map((kind) => [
        kind,
        (sum.statementKinds[kind] ?? 0) + (cost.statementKinds[kind] ?? 0),
      ]),
    ),
    mainThreadMs: sum.mainThreadMs + cost.mainThreadMs,
    processCpuMs: sum.processCpuMs + cost.processCpuMs,
    postgresCpuMs: sum.postgresCpuMs + cost.postgresCpuMs,
    threadsMs: Object.fromEntries(
      [...new Set([...Object.keys(sum.threadsMs), ...Object.keys(cost.threadsMs)])].map((label) => [
        label,
        (sum.threadsMs[label] ?? 0) + (cost.threadsMs[label] ?? 0),
      ]),
    ),
    statements: mergeStatements([...sum.statements, ...cost.statements]),
  }));

function mergeStatements(statements: readonly Statement[]): Statement[] {
  const byText = new Map<string, Statement>();
  for (const { text, calls, ms } of statements) {
    const known = byText.get(text);
    byText.set(text, known ? { text, calls: known.calls + calls, ms: known.ms + ms } : { text, calls, ms });
  }
  return [...byText.values()].sort((a, b) => b.ms - a.ms);
}

/** One row of the breakdown: per request, the route and its bare anchor side by side. */
export function costRow(name: string, route: Cost, bare: Cost): string[] {
  const per = (cost: Cost, value: number, digits: number) => (value / cost.requests).toFixed(digits);
  const pair = (value: (cost: Cost) => number, digits: number, unit = '') =>
    `${per(route, value(route), digits)}${unit} / ${per(bare, value(bare), digits)}${unit}`;
  return [
    name,
    pair((c) => c.roundTrips, 2),
    pair((c) => c.transactions, 2),
    pair((c) => c.mainThreadMs * 1000, 0, ' µs'),
    pair((c) => c.processCpuMs * 1000, 0, ' µs'),
    pair((c) => c.postgresCpuMs * 1000, 0, ' µs'),
  ];
}

export const COST_HEADER = [
  'per request (route / bare)',
  'round trips',
  'BEGINs',
  'request thread CPU',
  'process CPU',
  'PostgreSQL CPU',
];

/** The statements that cost the server most, shown this long: enough to recognise each. */
const STATEMENT_TEXT = 110;
const STATEMENTS_SHOWN = 8;

/**
 * Under a figure's row of the breakdown: the process's CPU per request by thread, and the
 * statements that took the server longest (execution time per request, calls per request),
 * route / bare. Where a figure loses is usually one of these lines.
 */
export function costDetails(name: string, route: Cost, bare: Cost): string[] {
  const perRequest = (cost: Cost, ms: number) => Math.round((ms * 1000) / cost.requests);
  const labels = [...new Set([...Object.keys(route.threadsMs), ...Object.keys(bare.threadsMs)])].sort(
    (a, b) => (route.threadsMs[b] ?? 0) - (route.threadsMs[a] ?? 0),
  );
  const lines = [
    `${name}, CPU per request by thread, route / bare: ${labels
      .map(
        (label) =>
          `${label} ${perRequest(route, route.threadsMs[label] ?? 0)} / ${perRequest(bare, bare.threadsMs[label] ?? 0)} µs`,
      )
      .join('; ')}`,
  ];
  const statements = (cost: Cost) =>
    cost.statements
      .filter((statement) => perRequest(cost, statement.ms) > 0)
      .slice(0, STATEMENTS_SHOWN)
      .map(
        (statement) =>
          `    ${String(perRequest(cost, statement.ms)).padStart(5)} µs  ${(statement.calls / cost.requests).toFixed(2).padStart(6)} calls  ${statement.text.slice(0, STATEMENT_TEXT)}`,
      );
  if (route.statements.length > 0)
    lines.push(
      '  statements, execution time and calls per request (pg_stat_statements), route:',
      ...statements(route),
      '  bare:',
      ...statements(bare),
    );
  return lines;
}
