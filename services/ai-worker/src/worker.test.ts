import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AI_JOB_FAILURES_SUBJECT, AI_JOB_MAX_DELIVERIES, aiJobSubject, type AiJob, type AiJobOutcome } from '@reflections/contracts/ai-jobs';
import { ensureJobQueue } from './job-queue';
import { startNatsServer } from './testing/nats-server';
import { startWorker, type JobHandler } from './worker';

const job = (kind: string, payload: unknown, replyTo: string | null = null): AiJob => ({ jobId: randomUUID(), kind, correlationId: 'test', requestedBy: null, replyTo, payload });

describe('AI worker on NATS JetStream', () => {
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let nc: NatsConnection;
  beforeAll(async () => {
    nats = await startNatsServer();
    nc = await connect({ servers: nats.url });
    await ensureJobQueue(await jetstreamManager(nc));
  });
  afterAll(async () => {
    await nc?.drain();
    await nats?.stop();
  });

  const publish = (j: AiJob) => jetstream(nc).publish(aiJobSubject(j.kind), JSON.stringify(j), { msgID: j.jobId });

  it('hands each job to exactly one of two workers and drops a repeated publish', async () => {
    const handledBy: string[][] = [[], []];
    const workers = await Promise.all(
      [0, 1].map(async (w) => {
        const connection = await connect({ servers: nats.url });
        const echo: JobHandler = async (j) => {
          handledBy[w].push(j.jobId);
          return j.payload;
        };
        return { connection, worker: await startWorker(connection, { echo }) };
      }),
    );
    const jobs = Array.from({ length: 20 }, (_, i) => job('echo', { i }));
    for (const j of jobs) await publish(j);
    const repeated = await publish(jobs[0]);
    expect(repeated.duplicate).toBe(true);
    while (handledBy[0].length + handledBy[1].length < jobs.length) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    const all = [...handledBy[0], ...handledBy[1]];
    expect(all.sort()).toEqual(jobs.map((j) => j.jobId).sort());
    for (const { worker, connection } of workers) {
      await worker.stop();
      await connection.drain();
    }
  });

  it('answers on the reply subject, retries a failing job and reports it after the last delivery', async () => {
    const connection = await connect({ servers: nats.url });
    let attempts = 0;
    const worker = await startWorker(
      connection,
      {
        shout: async (j) => String((j.payload as { text: string }).text).toUpperCase(),
        flaky: async () => {
          attempts += 1;
          throw new Error('model unavailable');
        },
      },
      { retryDelayMs: 10 },
    );
    const reply = nc.subscribe(`test.reply.${randomUUID()}`, { max: 1 });
    await publish(job('shout', { text: 'steady' }, reply.getSubject()));
    for await (const message of reply) expect(message.json<AiJobOutcome>()).toMatchObject({ ok: true, result: 'STEADY' });

    const failures = nc.subscribe(AI_JOB_FAILURES_SUBJECT, { max: 1 });
    const failing = job('flaky', {});
    await publish(failing);
    for await (const message of failures) {
      expect(message.json<AiJobOutcome>()).toEqual({ jobId: failing.jobId, ok: false, error: 'model unavailable', deliveries: AI_JOB_MAX_DELIVERIES });
    }
    expect(attempts).toBe(AI_JOB_MAX_DELIVERIES);
    await worker.stop();
    await connection.drain();
  });

  it('reports a job of a kind no handler knows instead of leaving it waiting', async () => {
    const connection = await connect({ servers: nats.url });
    const worker = await startWorker(connection, {});
    const reply = nc.subscribe(`test.reply.${randomUUID()}`, { max: 1 });
    const unknown = job('mystery', {}, reply.getSubject());
    await publish(unknown);
    for await (const message of reply) expect(message.json<AiJobOutcome>()).toMatchObject({ jobId: unknown.jobId, ok: false, error: 'no handler for job kind mystery' });
    await worker.stop();
    await connection.drain();
  });
});
