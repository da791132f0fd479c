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
};

type QueryFunction = (this: unknown, ...args: unknown[]) => unknown;

const CLOCK_TICK_MS = 10;

/** The main thread's own entry in /proc (its thread id is the process id). */
const MAIN_THREAD = `self/task/${process.pid}`;

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

  private constructor(private readonly postmaster: number | null) {}

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
    const costs = new RequestCosts(postmaster);
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
        },
      };
    } finally {
      this.counting = false;
    }
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
  }));

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
