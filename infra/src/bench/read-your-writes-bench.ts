import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { registration } from '@reflections/testing/backend-for-test';
import { launchEmbedded } from '../embedded/launch';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';
import { percentile, printTable } from './bench-report';
import { runBenchPart } from './run-bench-part';

/**
 * `npm run bench`, read-your-writes: a member registers and at once reads himself with
 * X-Min-Position (GET /api/auth/user, which reads the users read model), one member at a
 * time and 32 at once, through the whole embedded app. The two take turns for ROUNDS
 * rounds, so a machine whose load drifts treats both alike. Where a figure misses its
 * target, the breakdown says where the time went, from the read's Server-Timing.
 */
const SEQUENTIAL_PER_ROUND = Math.ceil((Number(process.env.BENCH_ROUND_TRIPS) || 200) / 3);
const WRITERS = 32;
const PER_WRITER_PER_ROUND = Number(process.env.BENCH_RYW_PER_WRITER) || 10;
const ROUNDS = 3;
const SEQUENTIAL_P99_MS = 50;
const CONCURRENT_P99_MS = 40;

/** One read after its write, as the member saw it, and what the query service said it spent. */
type Sample = {
  /** From the registration's answer to the read's answer. */
  ms: number;
  /** Why it was stale (its X-Read-Your-Writes, its status), or null when it was not. */
  staleBecause: string | null;
  /** Waiting for projectors, as the query service measured it (0 when the read did not wait). */
  waitMs: number;
  /** The projectors that had not reached the member's position when his read arrived. */
  behind: string[];
  /** The registration itself, from asking to its answer (not part of the figure; hashing queues here). */
  registrationMs: number;
};

/** `rw;dur=12.3;desc="users forum"`: the wait and the projectors it waited for (see read-your-writes.ts). */
function serverTiming(header: string | null): { waitMs: number; behind: string[] } {
  const match = /(?:^|,)\s*rw;dur=([\d.]+)(?:;desc="([^"]*)")?/.exec(header ?? '');
  return match
    ? { waitMs: Number(match[1]), behind: (match[2] ?? '').split(' ').filter(Boolean) }
    : { waitMs: 0, behind: [] };
}

async function registerAndRead(url: string): Promise<Sample> {
  const askedAt = performance.now();
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(registration()),
  });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
  const answeredAt = performance.now();
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = await fetch(`${url}/api/auth/user`, {
    headers: { Cookie: cookie, 'X-Min-Position': registered.headers.get('x-position') ?? '' },
  });
  const body = (await me.json()) as { firstName?: string };
  const ms = performance.now() - answeredAt;
  // 401: the users read model did not know him yet, a stale read like any other.
  if (me.status !== 200 && me.status !== 401) throw new Error(`read after write answered ${me.status}`);
  const why = [
    me.headers.get('x-read-your-writes'),
    me.status === 200 ? null : `status ${me.status}`,
    me.status === 200 && body.firstName !== 'Sam' ? 'another member' : null,
  ].filter(Boolean);
  return {
    ms,
    registrationMs: answeredAt - askedAt,
    staleBecause: why.length > 0 ? why.join(' + ') : null,
    ...serverTiming(me.headers.get('server-timing')),
  };
}

async function sequential(url: string, count: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) samples.push(await registerAndRead(url));
  return samples;
}

async function concurrent(url: string, writers: number, each: number): Promise<Sample[]> {
  const perWriter = await Promise.all(Array.from({ length: writers }, () => sequential(url, each)));
  return perWriter.flat();
}

/** What this process (app, projector thread and clients) spent in one round, and how busy the machine was. */
type Round = { samples: Sample[]; cpuMs: number; loopDelayP99Ms: number; load: number; wallMs: number };

async function round(work: () => Promise<Sample[]>): Promise<Round> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const cpu = process.cpuUsage();
  const started = performance.now();
  loop.enable();
  const samples = await work();
  loop.disable();
  const wallMs = performance.now() - started;
  const spent = process.cpuUsage(cpu);
  return {
    samples,
    cpuMs: (spent.user + spent.system) / 1000,
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    load: os.loadavg()[0],
    wallMs,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const p50p99 = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))}`;

/**
 * Where the time went: the wait for projectors (as the query service measured it) and the
 * rest of the read, which projectors the slowest reads found behind, what the process spent
 * per registration and read, how late its main thread ran, and how loaded the machine was.
 */
export function breakdown(label: string, rounds: readonly Round[]): string[][] {
  const samples = rounds.flatMap((r) => r.samples);
  const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, Math.max(1, Math.ceil(samples.length / 20)));
  const count = (names: (string | null)[]) => {
    const counts = new Map<string, number>();
    for (const name of names) if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    const listed = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name} ${n}`);
    return listed.join(', ') || 'none';
  };
  const row = (what: string, value: string) => [`  ${label}: ${what}`, value, ''];
  return [
    row('reads that waited for a projector', `${samples.filter((s) => s.waitMs > 0).length} of ${samples.length}`),
    row('wait for projectors p50 / p99 (query service)', p50p99(samples.map((s) => s.waitMs))),
    row('rest of the read p50 / p99 (session, handler, HTTP)', p50p99(samples.map((s) => s.ms - s.waitMs))),
    row(
      `slowest 5% (mean ${ms(slowest.reduce((sum, s) => sum + s.ms, 0) / slowest.length)}): mean wait`,
      ms(slowest.reduce((sum, s) => sum + s.waitMs, 0) / slowest.length),
    ),
    row('slowest 5%: projectors behind on arrival', count(slowest.flatMap((s) => s.behind))),
    row(
      'CPU of this process per registration and read (app, projector thread, clients)',
      ms(rounds.reduce((sum, r) => sum + r.cpuMs, 0) / samples.length),
    ),
    row("main thread's event-loop delay p99, per round", rounds.map((r) => ms(r.loopDelayP99Ms)).join(', ')),
    row(
      `machine load average (1 min, ${os.cpus().length} cores) after each round`,
      rounds.map((r) => r.load.toFixed(1)).join(', '),
    ),
    row('stale reads, why', count(samples.map((s) => s.staleBecause))),
  ];
}

export async function readYourWritesBench(server: RunningPostgres, dir: string): Promise<void> {
  await ensureDatabase(postgresUrl(server, 'postgres'), 'ryw');
  const app = await launchEmbedded({
    dataDir: path.join(dir, 'ryw-app'),
    port: 0,
    databaseUrl: postgresUrl(server, 'ryw'),
  });
  // Not `localhost`: its lookup runs on libuv's thread pool, queued behind the registrations' scrypt hashes.
  const url = app.url.replace('//localhost:', '//127.0.0.1:');
  const alone: Round[] = [];
  const together: Round[] = [];
  try {
    // Warm-up, untimed: connections open, statements prepared, the first registration's projector work done.
    await concurrent(url, WRITERS, 2);
    for (let i = 0; i < ROUNDS; i++) {
      alone.push(await round(() => sequential(url, SEQUENTIAL_PER_ROUND)));
      together.push(await round(() => concurrent(url, WRITERS, PER_WRITER_PER_ROUND)));
    }
  } finally {
    await app.stop();
  }
  const rows: string[][] = [['read-your-writes (register, then GET /api/auth/user)', 'measured', 'target']];
  for (const [label, rounds, target] of [
    ['1 member at a time', alone, SEQUENTIAL_P99_MS],
    [`${WRITERS} members at once`, together, CONCURRENT_P99_MS],
  ] as const) {
    const all = rounds.flatMap((r) => r.samples);
    const p99s = rounds.map((r) =>
      percentile(
        r.samples.map((s) => s.ms),
        99,
      ),
    );
    const medianP99 = percentile(p99s, 50);
    const stale = all.filter((s) => s.staleBecause).length;
    rows.push([
      `${label}: p50 (${all.length} reads)`,
      ms(
        percentile(
          all.map((s) => s.ms),
          50,
        ),
      ),
      '',
    ]);
    rows.push([
      `${label}: p99, median of ${ROUNDS} rounds (${p99s.map(ms).join(', ')})`,
      ms(medianP99),
      `≤ ${target} ms`,
    ]);
    rows.push([`${label}: stale reads`, `${stale} of ${all.length}`, '0']);
    // Beside the figure, not in it: the registrations before the reads, and how many the app took per second.
    rows.push([
      `${label}: the registrations themselves p50 / p99; registrations and reads per second`,
      `${p50p99(all.map((s) => s.registrationMs))}; ${(all.length / (rounds.reduce((sum, r) => sum + r.wallMs, 0) / 1000)).toFixed(1)}/s`,
      '',
    ]);
    if (medianP99 > target || stale > 0) rows.push(...breakdown(label, rounds));
  }
  console.log('\nRead-your-writes\n');
  printTable(rows);
}

if (require.main === module) runBenchPart('read-your-writes', readYourWritesBench);
