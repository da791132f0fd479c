import { setTimeout as sleep } from 'node:timers/promises';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { freePort } from '@reflections/platform/net/ports';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { openReadModels } from '@reflections/query/projections';
import { QUERY_PROJECTORS } from '@reflections/query/start-projectors';
import { differencesFromRebuild } from '@reflections/query/testing/rebuild-comparison';
import pg from 'pg';
import { createAdmin } from '@reflections/command/auth/create-admin';
import { registration } from '@reflections/testing/backend-for-test';
import { type LiveStream, openLiveStream } from '@reflections/testing/live-stream';
import { type ServiceProcess, startServiceProcess } from '@reflections/testing/service-process';

type Member = { cookie: string; position: string };
type Read = { status: number; stale: string | null; afterKill: boolean };

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Opens an admin's live stream and checks it was let in. */
async function liveChanges(url: string, cookie: string) {
  const live = await openLiveStream<{ readModels: string[] }>(`${url}/api/admin/live`, { cookie });
  expect(live.response.status).toBe(200);
  return live;
}

/** The read models every change heard so far named. */
const heard = (live: LiveStream<{ readModels: string[] }>) => live.frames.flatMap((frame) => frame.data.readModels);

/**
 * Two query services on one database, each its own OS process: each projector runs in
 * exactly one of them (an advisory lock each), both serve reads with read-your-writes,
 * both live streams hear every change. The holder is SIGKILLed under load: the other
 * takes its projectors over, no read loses its own write, and every read model equals a
 * rebuild from the log (nothing applied twice, nothing lost).
 */
describe('query replicas on one database', () => {
  let databaseUrl: string;
  let eventStore: EventStore;
  let db: pg.Client;
  let command: ServiceProcess;
  let holder: ServiceProcess;
  let other: ServiceProcess;
  const urls = { command: '', holder: '', other: '' };
  let admin = '';

  /** The pids holding projector leases, and how many leases each. */
  const leaseHolders = async () =>
    (
      await db.query<{ pid: number; leases: number }>(
        "SELECT pid, count(*)::int AS leases FROM pg_locks WHERE locktype = 'advisory' AND classid = 7412011 AND granted GROUP BY pid",
      )
    ).rows;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    // Through the encryption, as the services read it: a rebuild from raw rows would see sealed personal data.
    eventStore = await connectEventStore({ eventStoreUrl: null, databaseUrl });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const [commandPort, holderPort, otherPort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'replica-secret',
      NATS_URL: '',
      OPENAI_API_KEY: '',
      READ_YOUR_WRITES_TIMEOUT_MS: '15000',
    };
    // The first replica takes every lease before the second starts.
    [command, holder] = await Promise.all([
      startServiceProcess('infra/src/processes/command-main.ts', { ...env, PORT: String(commandPort) }, /listening/),
      startServiceProcess('infra/src/processes/query-main.ts', { ...env, PORT: String(holderPort) }, /listening/),
    ]);
    other = await startServiceProcess(
      'infra/src/processes/query-main.ts',
      { ...env, PORT: String(otherPort) },
      /listening/,
    );
    urls.command = `http://127.0.0.1:${commandPort}`;
    urls.holder = `http://127.0.0.1:${holderPort}`;
    urls.other = `http://127.0.0.1:${otherPort}`;
    await createAdmin(eventStore, { email: 'replicas-admin@example.com', password: 'replica-admin-password' });
    const login = await fetch(`${urls.command}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'replicas-admin@example.com', password: 'replica-admin-password' }),
    });
    expect(login.status).toBe(200);
    admin = cookieOf(login);
    const position = login.headers.get('x-position') ?? '';
    // The admin's role reaches both replicas' read models before the live streams open.
    for (const url of [urls.holder, urls.other])
      expect(
        (await fetch(`${url}/api/auth/user`, { headers: { cookie: admin, 'x-min-position': position } })).status,
      ).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([command, holder, other].map((p) => p?.stop()));
    await db?.end();
    await eventStore?.close();
  });

  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${urls.command}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  const register = async (): Promise<Member> => {
    const response = await post('/api/auth/register', registration());
    expect(response.status).toBe(201);
    return { cookie: cookieOf(response), position: response.headers.get('x-position') ?? '' };
  };

  it('runs each projector in exactly one replica', async () => {
    expect(await leaseHolders()).toEqual([{ pid: expect.any(Number), leases: QUERY_PROJECTORS.length }]);
  });

  it('tells both replicas’ live streams of every change, whichever replica projected it', async () => {
    const streams = await Promise.all([liveChanges(urls.holder, admin), liveChanges(urls.other, admin)]);
    await register();
    for (let waited = 0; waited < 10_000 && !streams.every((s) => heard(s).includes('users')); waited += 50)
      await sleep(50);
    streams.forEach((s) => s.close());
    expect(streams.map((s) => heard(s).includes('users'))).toEqual([true, true]);
  });

  it('answers /healthz, /readyz and /metrics on every service, with the projectors’ lag on each query replica', async () => {
    for (const url of [urls.command, urls.holder, urls.other]) {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect({ url, status: ready.status, body: await ready.json() }).toMatchObject({
        url,
        status: 200,
        body: { status: 'ready', checks: { database: 'ok', eventStore: 'ok' } },
      });
      expect(await (await fetch(`${url}/metrics`)).text()).toMatch(
        /^http_requests_total\{method="[A-Z]+",route="\/api\/auth\/[a-z]+",status="20\d"/m,
      );
    }
    for (const url of [urls.holder, urls.other]) {
      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(metrics).toMatch(/^projector_lag_seconds\{projector="users",service="query"\} \d/m);
      expect(metrics).toMatch(/^projector_lag_events\{projector="forum",service="query"\} \d/m);
      expect(metrics).toMatch(/^projector_checkpoint_position\{projector="users",service="query"\} [1-9]/m);
      expect(metrics).toContain('# TYPE parked_events gauge');
    }
    expect(await (await fetch(`${urls.command}/metrics`)).text()).toContain('# TYPE crisis_detections_total counter');
  });

  it('moves the projectors to the other replica when their holder is killed, losing no read’s own write and applying no event twice', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, register));
    const live = await liveChanges(urls.other, admin);
    const [before] = await leaseHolders();
    const reads: Read[] = [];
    let killedAt = 0;
    let takenOverAt = 0;
    let lastPosition = '';
    const writeAndRead = async (member: Member, i: number) => {
      const response = await post(
        '/api/forum/posts',
        {
          title: `Replica post ${i}`,
          content: 'Twenty characters or more, as the Campfire board asks.',
          categoryId: (i % 4) + 1,
          isAnonymous: false,
        },
        member.cookie,
      );
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const afterKill = killedAt > 0;
      const position = response.headers.get('x-position') ?? '';
      lastPosition = position;
      const read = await fetch(`${urls.other}/api/forum/posts/${id}`, {
        headers: { cookie: member.cookie, 'x-min-position': position },
      });
      reads.push({ status: read.status, stale: read.headers.get('x-read-your-writes'), afterKill });
    };
    // Each member writes and reads in turn until the take-over is done and a few more rounds went through the new holder.
    const load = members.map(async (member, m) => {
      for (let i = 0; !takenOverAt || reads.filter((r) => r.afterKill).length < 24; i++)
        await writeAndRead(member, m * 1000 + i);
    });
    while (reads.length < 12) await sleep(20);
    killedAt = Date.now();
    await holder.kill();
    while (!takenOverAt) {
      const holders = await leaseHolders();
      if (holders.length === 1 && holders[0].pid !== before.pid && holders[0].leases === QUERY_PROJECTORS.length)
        takenOverAt = Date.now();
      else await sleep(50);
    }
    await Promise.all(load);
    live.close();
    console.log(
      `take-over: every projector moved ${takenOverAt - killedAt} ms after the kill; ${reads.length} reads, ${reads.filter((r) => r.afterKill).length} after it`,
    );

    expect(reads.filter((r) => r.status !== 200 || r.stale !== null)).toEqual([]);
    expect(reads.filter((r) => r.afterKill).length).toBeGreaterThanOrEqual(24);
    expect(heard(live)).toContain('forum');

    // The survivor has everything; stopped, nothing projects while every read model is rebuilt and compared.
    expect(
      (
        await fetch(`${urls.other}/api/forum/categories`, {
          headers: { cookie: members[0].cookie, 'x-min-position': lastPosition },
        })
      ).headers.get('x-read-your-writes'),
    ).toBeNull();
    await other.stop();
    const orm = await openReadModels(databaseUrl);
    try {
      expect(
        await differencesFromRebuild(
          orm,
          eventStore,
          QUERY_PROJECTORS.map(({ projector }) => projector),
        ),
      ).toEqual([]);
    } finally {
      await orm.close();
    }
  }, 120_000);
});
