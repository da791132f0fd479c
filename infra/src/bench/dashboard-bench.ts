import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Koa from 'koa';
import pg from 'pg';
import { ARCHETYPES, type ArchetypeId } from '@reflections/contracts/archetypes';
import { DASHBOARD_ANNOUNCEMENTS } from '@reflections/contracts/announcements';
import { launchEmbedded } from '../embedded/launch';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';
import { registration } from '@reflections/testing/backend-for-test';
import { runBenchPart } from './run-bench-part';
import { percentile, printTable } from './bench-report';

/**
 * `npm run bench`, dashboard: GET /api/dashboard as 32 signed-in members ask for it at
 * once, through the whole app (session, read-your-writes, MikroORM), beside a bare Koa
 * route in the same run that reads the same rows with plain SQL and no session.
 */
const MEMBERS = 32;
const SECONDS = Number(process.env.BENCH_DASHBOARD_SECONDS) || 8;
const WARM_UP_SECONDS = 2;
/** The two routes take turns, so a machine whose load drifts treats both alike. */
const ROUNDS = 4;
const TARGET_RATIO = 0.5;

type Run = { latencies: number[]; seconds: number };
type Target = { url: string; headers: Record<string, string> };

function summary(runs: Run[]) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return { perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Each member asks again as soon as the last answer came, for `seconds`. */
async function hammer(urls: Target[], seconds: number): Promise<Run> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    urls.map(async ({ url, headers }) => {
      while (performance.now() < until) {
        const sent = performance.now();
        const response = await fetch(url, { headers });
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** The floor: the dashboard's rows by plain SQL, shaped as the payload, with no session and no ORM. */
function bareDashboardApp(pool: pg.Pool): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    const userId = ctx.path.split('/').pop();
    const [profile, announcements] = await Promise.all([
      pool.query(
        'SELECT user_id, first_name, last_name, membership_type, archetype, seeking, inner_strength, peace_meaning, show_welcome FROM member_profiles WHERE user_id = $1',
        [userId],
      ),
      pool.query(
        'SELECT id, title, body, published_at FROM announcements WHERE withdrawn_at IS NULL ORDER BY published_at DESC LIMIT $1',
        [DASHBOARD_ANNOUNCEMENTS],
      ),
    ]);
    const row = profile.rows[0];
    if (!row) ctx.throw(404);
    const archetype = ARCHETYPES[row.archetype as ArchetypeId];
    ctx.body = {
      user: {
        id: row.user_id,
        firstName: row.first_name,
        lastName: row.last_name,
        membershipType: row.membership_type,
      },
      onboardingData: {
        assignedArchetype: archetype.title,
        seeking: row.seeking,
        innerStrength: row.inner_strength,
        peaceMeaning: row.peace_meaning,
      },
      userArchetype: {
        id: archetype.id,
        symbol: archetype.symbol,
        title: archetype.title,
        represents: archetype.represents,
      },
      announcements: announcements.rows.map((a) => ({
        id: a.id,
        title: a.title,
        content: a.body,
        createdAt: a.published_at.toISOString(),
      })),
      showWelcome: row.show_welcome,
    };
  });
  return app;
}

async function signUp(baseUrl: string): Promise<{ userId: string; cookie: string }> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(registration()),
  });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string } };
  // Read once after the write, so every member's row is projected before timing starts.
  const ready = await fetch(`${baseUrl}/api/dashboard`, {
    headers: { Cookie: cookie, 'X-Min-Position': response.headers.get('x-position') ?? '' },
  });
  if (ready.status !== 200) throw new Error(`first dashboard read answered ${ready.status}`);
  return { userId: user.id, cookie };
}

/** Measures on `server` (a running PostgreSQL), in `workDir`; prints the two routes and their ratio. */
export async function dashboardBench(server: RunningPostgres, workDir: string): Promise<void> {
  await ensureDatabase(postgresUrl(server, 'postgres'), 'dashboard');
  const databaseUrl = postgresUrl(server, 'dashboard');
  const app = await launchEmbedded({ dataDir: path.join(workDir, 'dashboard-app'), port: 0, databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const bare = bareDashboardApp(pool).listen(0);
  const bareUrl = `http://localhost:${(bare.address() as AddressInfo).port}`;
  try {
    const members = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await signUp(app.url));
    const appTargets = members.map((m) => ({ url: `${app.url}/api/dashboard`, headers: { Cookie: m.cookie } }));
    const bareTargets = members.map((m) => ({ url: `${bareUrl}/bare/dashboard/${m.userId}`, headers: {} }));
    await hammer(appTargets, WARM_UP_SECONDS);
    await hammer(bareTargets, WARM_UP_SECONDS);
    const fullRuns: Run[] = [];
    const floorRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      fullRuns.push(await hammer(appTargets, SECONDS / ROUNDS));
      floorRuns.push(await hammer(bareTargets, SECONDS / ROUNDS));
    }
    const full = summary(fullRuns);
    const floor = summary(floorRuns);
    const ratio = full.perSecond / floor.perSecond;
    console.log(
      `\nDashboard: GET /api/dashboard, ${MEMBERS} signed-in members at once for ${SECONDS} s in ${ROUNDS} turns, beside a bare Koa route reading the same rows\n`,
    );
    printTable([
      ['route', 'requests/s', 'p50', 'p99'],
      ...(
        [
          ['GET /api/dashboard (the whole app, signed in)', full],
          ['bare Koa + plain SQL, no session', floor],
        ] as const
      ).map(([name, run]) => [name, run.perSecond.toFixed(0), `${run.p50.toFixed(1)} ms`, `${run.p99.toFixed(1)} ms`]),
    ]);
    console.log(
      `ratio: ${(ratio * 100).toFixed(0)}% of the bare route (target ≥ ${TARGET_RATIO * 100}%): ${ratio >= TARGET_RATIO ? 'meets' : 'misses'} its target`,
    );
  } finally {
    await new Promise((resolve) => bare.close(resolve));
    await pool.end();
    await app.stop();
  }
}

// Run alone: `node --import tsx infra/src/bench/dashboard-bench.ts`.
if (require.main === module) runBenchPart('dashboard', dashboardBench);
