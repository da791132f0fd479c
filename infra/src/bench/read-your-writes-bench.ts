import path from 'node:path';
import { registration } from '@reflections/testing/backend-for-test';
import { launchEmbedded } from '../embedded/launch';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';
import { percentile, printTable } from './bench-report';
import { runAlone } from './run-alone';

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
  stale: boolean;
  /** Why it was stale: its X-Read-Your-Writes, or its status. */
  staleBecause: string | null;
  /** Waiting for projectors, as the query service measured it (0 when the read did not wait). */
  waitMs: number;
  /** The projectors that had not reached the member's position when his read arrived. */
  behind: string[];
};

/** `rw;dur=12.3;desc="users forum"`: the wait and the projectors it waited for (see read-your-writes.ts). */
function serverTiming(header: string | null): { waitMs: number; behind: string[] } {
  const match = /(?:^|,)\s*rw;dur=([\d.]+)(?:;desc="([^"]*)")?/.exec(header ?? '');
  return match
    ? { waitMs: Number(match[1]), behind: (match[2] ?? '').split(' ').filter(Boolean) }
    : { waitMs: 0, behind: [] };
}

async function registerAndRead(url: string): Promise<Sample> {
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
  const staleBecause =
    me.status !== 200
      ? `status ${me.status}`
      : (me.headers.get('x-read-your-writes') ?? (body.firstName === 'Sam' ? null : 'another member'));
  return {
    ms,
    stale: staleBecause !== null,
    staleBecause,
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

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Where the slowest reads spent their time: the wait for projectors and the rest of the request, and which projectors held them. */
export function breakdown(label: string, samples: readonly Sample[]): string[][] {
  const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, Math.max(1, Math.ceil(samples.length / 20)));
  const waited = samples.filter((sample) => sample.waitMs > 0);
  const holding = new Map<string, number>();
  for (const sample of slowest) for (const name of sample.behind) holding.set(name, (holding.get(name) ?? 0) + 1);
  const held = [...holding.entries()].sort((a, b) => b[1] - a[1]).map(([name, count]) => `${name} ${count}`);
  const stale = new Map<string, number>();
  for (const { staleBecause } of samples) if (staleBecause) stale.set(staleBecause, (stale.get(staleBecause) ?? 0) + 1);
  return [
    [`  ${label}: reads that waited for a projector`, `${waited.length} of ${samples.length}`, ''],
    [
      `  ${label}: wait p50 / p99 (query service)`,
      `${ms(
        percentile(
          samples.map((s) => s.waitMs),
          50,
        ),
      )} / ${ms(
        percentile(
          samples.map((s) => s.waitMs),
          99,
        ),
      )}`,
      '',
    ],
    [
      `  ${label}: rest of the read p50 / p99 (session, handler, HTTP)`,
      `${ms(
        percentile(
          samples.map((s) => s.ms - s.waitMs),
          50,
        ),
      )} / ${ms(
        percentile(
          samples.map((s) => s.ms - s.waitMs),
          99,
        ),
      )}`,
      '',
    ],
    [
      `  ${label}: slowest 5%: mean wait of ${ms(slowest.reduce((sum, s) => sum + s.ms, 0) / slowest.length)}`,
      ms(slowest.reduce((sum, s) => sum + s.waitMs, 0) / slowest.length),
      '',
    ],
    [`  ${label}: slowest 5%: projectors behind on arrival`, held.join(', ') || 'none', ''],
    [
      `  ${label}: stale reads, why`,
      [...stale.entries()].map(([why, count]) => `${why} ${count}`).join(', ') || 'none',
      '',
    ],
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
  const alone: Sample[][] = [];
  const together: Sample[][] = [];
  try {
    // Warm-up, untimed: connections open, statements prepared, the first registration's projector work done.
    await concurrent(url, WRITERS, 2);
    for (let round = 0; round < ROUNDS; round++) {
      alone.push(await sequential(url, SEQUENTIAL_PER_ROUND));
      together.push(await concurrent(url, WRITERS, PER_WRITER_PER_ROUND));
    }
  } finally {
    await app.stop();
  }
  const rows: string[][] = [['read-your-writes (register, then GET /api/auth/user)', 'measured', 'target']];
  for (const [label, rounds, target] of [
    ['1 member at a time', alone, SEQUENTIAL_P99_MS],
    [`${WRITERS} members at once`, together, CONCURRENT_P99_MS],
  ] as const) {
    const all = rounds.flat();
    const p99s = rounds.map((round) =>
      percentile(
        round.map((s) => s.ms),
        99,
      ),
    );
    const medianP99 = percentile(p99s, 50);
    const stale = all.filter((s) => s.stale).length;
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
    if (medianP99 > target || stale > 0) rows.push(...breakdown(label, all));
  }
  console.log('\nRead-your-writes\n');
  printTable(rows);
}

if (require.main === module) runAlone('read-your-writes', readYourWritesBench);
