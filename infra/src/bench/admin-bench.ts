import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createAdmin } from '@reflections/command/auth/create-admin';
import { launchEmbedded } from '../embedded/launch';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';
import { registration } from '@reflections/testing/backend-for-test';
import type { LiveChange } from '@reflections/contracts/admin';
import { comparePositions, parsePosition, type Position } from '@reflections/contracts/position';
import { createParser } from 'eventsource-parser';
import { BenchTimeout, percentile, printTable, withTimeout } from './bench-report';
import { runBenchPart } from './run-bench-part';

/**
 * `npm run bench`, admin panel: how long after a registration is answered an open admin
 * screen hears of it on the live stream, beside the anchor measured on the same
 * registrations: the member's own read-your-writes read of GET /api/auth/user.
 * Then the admin dashboard's six reads over BENCH_ADMIN_USERS members, beside one
 * GET /api/auth/user.
 */
const REGISTRATIONS = Number(process.env.BENCH_ADMIN_REGISTRATIONS) || 100;
const MEMBERS = Number(process.env.BENCH_ADMIN_USERS) || 1000;
const DASHBOARD_READS = [
  'stats',
  'membership-trends',
  'community-pulse',
  'upcoming-events',
  'system-health',
  'users?search=sam',
];

/** A change not heard within this long is counted as missed, not waited for: the bench must end. */
const LIVE_CHANGE_TIMEOUT_MS = 5_000;
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A read the bench times must have answered what the admin asked for, not an error. */
const answered = (response: Response) => {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return response;
};

/** What reached the bench on the admin's live stream: a stream that goes silent says how (see known-limitations). */
type Heard = { changes: number; otherFrames: number; endedAfterMs: number | null };

/**
 * Reads the admin's live stream and answers, for a registration's position, when the first
 * change at or past it arrived. A change is matched by its position, not by its arrival: a
 * registration changes several read models, and a late change of the one before (coalesced
 * up to 50 ms) must not count as this one's.
 */
async function listen(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const opened = performance.now();
  const response = await fetch(`${url}/api/admin/live`, { headers, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`the admin's live stream answered ${response.status}`);
  const heard: Heard = { changes: 0, otherFrames: 0, endedAfterMs: null };
  const arrivals: { position: Position; at: number }[] = [];
  const waiting = new Set<{ position: Position; resolve: (at: number) => void }>();
  const parser = createParser({
    onEvent: (event) => {
      if (event.event !== 'change') {
        heard.otherFrames += 1;
        return;
      }
      heard.changes += 1;
      const position = parsePosition((JSON.parse(event.data) as LiveChange).position);
      if (!position) throw new Error(`a live change without a position: ${event.data}`);
      const at = performance.now();
      arrivals.push({ position, at });
      for (const waiter of waiting)
        if (comparePositions(position, waiter.position) >= 0) {
          waiting.delete(waiter);
          waiter.resolve(at);
        }
    },
    onComment: () => {
      heard.otherFrames += 1;
    },
    onRetry: () => {
      heard.otherFrames += 1;
    },
  });
  void (async () => {
    try {
      for await (const chunk of response.body!) parser.feed(Buffer.from(chunk as Uint8Array).toString('utf8'));
      heard.endedAfterMs = performance.now() - opened;
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  /** When the first change at or past `position` arrived (it may have arrived already). */
  const heardOf = (position: Position) => {
    const arrived = arrivals.find((arrival) => comparePositions(arrival.position, position) >= 0);
    if (arrived) return Promise.resolve(arrived.at);
    return new Promise<number>((resolve) => waiting.add({ position, resolve }));
  };
  return { stop: () => controller.abort(), heard, heardOf };
}

export async function adminBench(server: RunningPostgres, workDir: string): Promise<void> {
  await ensureDatabase(postgresUrl(server, 'postgres'), 'admin_bench');
  const app = await launchEmbedded({
    dataDir: path.join(workDir, 'admin-app'),
    port: 0,
    databaseUrl: postgresUrl(server, 'admin_bench'),
  });
  try {
    const email = `bench-admin-${randomUUID()}@example.com`;
    await createAdmin(app.eventStore, { email, password: 'bench admin passphrase' });
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench admin passphrase' }),
    });
    if (!login.ok) throw new Error(`the admin's sign-in answered ${login.status}`);
    // As the admin screen's reads do: the role is checked against the users read model,
    // which may not yet hold the grant just written (the stream would answer 401 or 403).
    const admin = { cookie: cookieOf(login), 'X-Min-Position': login.headers.get('x-position') ?? '' };
    const stream = await listen(app.url, admin);

    const live: number[] = [];
    const readBack: number[] = [];
    let missed = 0;
    for (let i = 0; i < REGISTRATIONS; i++) {
      // Let a change from the previous round (coalesced up to 50 ms) pass first.
      await new Promise((resolve) => setTimeout(resolve, 80));
      const registered = await fetch(`${app.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration()),
      });
      const answeredAt = performance.now();
      const position = parsePosition(registered.headers.get('x-position'));
      if (!position) throw new Error(`a registration answered ${registered.status} without X-Position`);
      const change = stream.heardOf(position);
      const me = await fetch(`${app.url}/api/auth/user`, {
        headers: { cookie: cookieOf(registered), 'X-Min-Position': registered.headers.get('x-position') ?? '' },
      });
      if (me.status !== 200) throw new Error(`read-your-writes read failed: ${me.status}`);
      readBack.push(performance.now() - answeredAt);
      try {
        live.push((await withTimeout(change, LIVE_CHANGE_TIMEOUT_MS, 'a live change')) - answeredAt);
      } catch (error) {
        if (!(error instanceof BenchTimeout)) throw error;
        missed += 1;
      }
    }
    stream.stop();

    for (let i = 0; i < MEMBERS; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${app.url}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(registration()),
          }),
        ),
      );
    }
    const dashboard: number[] = [];
    const anchor: number[] = [];
    for (let i = 0; i < 30; i++) {
      let started = performance.now();
      await Promise.all(
        DASHBOARD_READS.map(async (read) =>
          answered(await fetch(`${app.url}/api/admin/${read}`, { headers: admin })).text(),
        ),
      );
      dashboard.push(performance.now() - started);
      started = performance.now();
      await answered(await fetch(`${app.url}/api/auth/user`, { headers: admin })).text();
      anchor.push(performance.now() - started);
    }

    const row = (metric: string, measured: number, anchorName: string, anchored: number) => [
      metric,
      `${measured.toFixed(1)} ms`,
      anchorName,
      `${anchored.toFixed(1)} ms`,
      `${(measured / anchored).toFixed(2)}×`,
    ];
    console.log(
      `\nAdmin panel (${REGISTRATIONS} registrations, ${missed} live changes not heard within ${LIVE_CHANGE_TIMEOUT_MS / 1000} s; dashboard over ${MEMBERS + REGISTRATIONS + 1} members)\n`,
    );
    const { changes, otherFrames, endedAfterMs } = stream.heard;
    if (missed > 0)
      console.log(
        `The live stream brought ${changes} change frames and ${otherFrames} other frames (retry, keep-alive comments)${endedAfterMs === null ? '' : `, and the server ended it after ${(endedAfterMs / 1000).toFixed(1)} s`}.\n`,
      );
    printTable([
      ['metric', 'measured', 'anchor', 'anchor', 'ratio'],
      row(
        'live change heard after a registration, p50',
        percentile(live, 50),
        "member's read-your-writes read, p50",
        percentile(readBack, 50),
      ),
      row(
        'live change heard after a registration, p99',
        percentile(live, 99),
        "member's read-your-writes read, p99",
        percentile(readBack, 99),
      ),
      row(
        'admin dashboard, 6 reads in parallel, p50',
        percentile(dashboard, 50),
        'GET /api/auth/user, p50',
        percentile(anchor, 50),
      ),
    ]);
  } finally {
    await app.stop();
  }
}

if (require.main === module) runBenchPart('admin', adminBench);
