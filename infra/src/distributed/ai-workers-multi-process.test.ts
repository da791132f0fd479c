import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ensureJobQueue } from '@reflections/ai-client/job-queue';
import { startNatsServer } from '@reflections/testing/nats-server';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { freePort } from '@reflections/platform/net/ports';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { registration } from '@reflections/testing/backend-for-test';
import { type ServiceProcess, startServiceProcess } from '@reflections/testing/service-process';

/**
 * The distributed mode for real: nats-server, PostgreSQL, the command and query services
 * and two AI worker processes, each its own OS process. One worker is SIGKILLed while it
 * holds jobs; JetStream redelivers them to the other and every entry still gets exactly
 * one reply.
 */
describe('AI workers as separate processes on NATS', () => {
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let eventStore: PostgresEventStore;
  const processes: ServiceProcess[] = [];
  let commandUrl: string;
  let queryUrl: string;
  /** What every process of this test is started with. */
  let sharedEnv: Record<string, string> = {};

  beforeAll(async () => {
    nats = await startNatsServer();
    const databaseUrl = await createTestDatabase();
    eventStore = await PostgresEventStore.connect({ connectionString: databaseUrl });
    // A short ack wait, so the killed worker's jobs come back within the test.
    const nc = await connect({ servers: nats.url });
    await ensureJobQueue(await jetstreamManager(nc), { ackWaitMs: 1500 });
    await nc.drain();
    const [commandPort, queryPort] = [await freePort(), await freePort()];
    const env = (sharedEnv = {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'multi-process-secret',
      NATS_URL: nats.url,
      AI_REPLY_TIMEOUT_MS: '20000',
      AI_WORKER_CONCURRENCY: '2',
      OPENAI_API_KEY: '',
      AI_ACK_WAIT_MS: '1500',
    });
    processes.push(
      await startServiceProcess('infra/src/processes/query-main.ts', { ...env, PORT: String(queryPort) }, /listening/),
    );
    processes.push(
      ...(await Promise.all([
        startServiceProcess('infra/src/processes/command-main.ts', { ...env, PORT: String(commandPort) }, /listening/),
        startServiceProcess('infra/src/processes/ai-worker-main.ts', env, /consuming/),
        startServiceProcess('infra/src/processes/ai-worker-main.ts', env, /consuming/),
      ])),
    );
    commandUrl = `http://127.0.0.1:${commandPort}`;
    queryUrl = `http://127.0.0.1:${queryPort}`;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await eventStore?.close();
    await nats?.stop();
  });

  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${commandUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  const replies = async () =>
    (await eventStore.readAll({ maxCount: 100_000, filter: { eventTypes: ['RaiReplyGenerated'] } })).map(
      (e) => (e.data as { entryId: string }).entryId,
    );

  it('gives each of 50 entries from 10 members exactly one reply, even when a worker is killed midway', async () => {
    const registered = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await post('/api/auth/register', registration());
        expect(response.status).toBe(201);
        return {
          cookie: response.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; '),
          position: response.headers.get('x-position') ?? '',
        };
      }),
    );
    const members = registered.map((member) => member.cookie);
    const me = await fetch(`${queryUrl}/api/auth/user`, {
      headers: { cookie: members[0], 'x-min-position': registered[0].position },
    });
    expect(me.status).toBe(200);

    const requests = members.flatMap((cookie, m) =>
      Array.from({ length: 5 }, async (_, i) => {
        const response = await post(
          '/api/ai/rai/process-journal',
          { journalEntry: `Member ${m}, entry ${i}: a long week at work, I feel worn down.` },
          cookie,
        );
        return { status: response.status, body: (await response.json()) as { entryId: string } };
      }),
    );
    while ((await replies()).length < 8) await sleep(50);
    const [, , doomed] = processes;
    await doomed.kill();
    expect((await replies()).length).toBeLessThan(50);
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status).filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const entryIds = answers.map((a) => a.body.entryId);
    expect(new Set(entryIds).size).toBe(50);

    const deadline = Date.now() + 30_000;
    while ((await replies()).length < 50 && Date.now() < deadline) await sleep(200);
    const replied = await replies();
    expect(replied.sort()).toEqual([...entryIds].sort());
  }, 90_000);

  it('lets a worker stopped with SIGTERM finish the jobs it holds: nothing is redelivered and every entry gets one reply', async () => {
    const fresh = await startServiceProcess('infra/src/processes/ai-worker-main.ts', sharedEnv, /consuming/);
    processes.push(fresh);
    const doomed = processes[3];
    const figure = async (worker: ServiceProcess, name: string) => {
      const port = /health and metrics on port (\d+)/.exec(worker.output())![1];
      return Number(
        new RegExp(`^${name}\\{[^}]*\\} (\\d+)`, 'm').exec(
          await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
        )?.[1] ?? 'NaN',
      );
    };
    const before = await figure(fresh, 'ai_job_redeliveries_total');
    const response = await post('/api/auth/register', registration());
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const requests = Array.from({ length: 12 }, (_, i) =>
      post(
        '/api/ai/rai/process-journal',
        { journalEntry: `Entry ${i}: the night shift again, and I am tired of it.` },
        cookie,
      ).then(async (r) => ({ status: r.status, body: (await r.json()) as { entryId: string } })),
    );
    // Stopped while it holds jobs.
    while ((await figure(doomed, 'ai_jobs_in_flight')) === 0) await sleep(20);
    await doomed.stop();
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // The log is read up to the oldest transaction still running: a reply committed a moment
    // ago may be held back behind a projector's batch, so look until every entry has one.
    const repliedTo = (replied: string[]) => answers.every((a) => replied.includes(a.body.entryId));
    const deadline = Date.now() + 30_000;
    let replied = await replies();
    while (!repliedTo(replied) && Date.now() < deadline) {
      await sleep(200);
      replied = await replies();
    }
    expect(answers.map((a) => replied.filter((entryId) => entryId === a.body.entryId).length)).toEqual(
      answers.map(() => 1),
    );
    expect(await figure(fresh, 'ai_job_redeliveries_total')).toBe(before);
  }, 90_000);
});
