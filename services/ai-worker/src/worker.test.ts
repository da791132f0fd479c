import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AI_JOB_FAILURES_SUBJECT,
  AI_JOB_MAX_DELIVERIES,
  aiJobSubject,
  type AiJob,
  type AiJobOutcome,
} from '@reflections/contracts/ai-jobs';
import { aiJobChunksSubject } from '@reflections/contracts/rai';
import { AiJobFailedError, AiJobTimeoutError } from '@reflections/ai-client/ai-job-client';
import { natsAiJobClient } from '@reflections/ai-client/nats-ai-job-client';
import { ensureJobQueue } from '@reflections/ai-client/job-queue';
import { startNatsServer } from '@reflections/testing/nats-server';
import { startWorker, type JobHandler } from './worker';

const job = (kind: string, payload: unknown, replyTo: string | null = null): AiJob => ({
  jobId: randomUUID(),
  kind,
  correlationId: 'test',
  requestedBy: null,
  replyTo,
  payload,
});

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
    for await (const message of reply)
      expect(message.json<AiJobOutcome>()).toMatchObject({ ok: true, result: 'STEADY' });

    const failures = nc.subscribe(AI_JOB_FAILURES_SUBJECT, { max: 1 });
    const failing = job('flaky', {});
    await publish(failing);
    for await (const message of failures) {
      expect(message.json<AiJobOutcome>()).toEqual({
        jobId: failing.jobId,
        ok: false,
        error: 'model unavailable',
        deliveries: AI_JOB_MAX_DELIVERIES,
      });
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
    for await (const message of reply)
      expect(message.json<AiJobOutcome>()).toMatchObject({
        jobId: unknown.jobId,
        ok: false,
        error: 'no handler for job kind mystery',
      });
    await worker.stop();
    await connection.drain();
  });

  it('handles up to its concurrency of jobs at once, no more', async () => {
    const connection = await connect({ servers: nats.url });
    let running = 0;
    let most = 0;
    let handled = 0;
    const worker = await startWorker(
      connection,
      {
        slow: async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 60));
          running -= 1;
          handled += 1;
        },
      },
      { concurrency: 3 },
    );
    for (let i = 0; i < 12; i++) await publish(job('slow', {}));
    while (handled < 12) await new Promise((r) => setTimeout(r, 20));
    expect(most).toBe(3);
    await worker.stop();
    await connection.drain();
  });

  it('takes only as many jobs as it has free slots, leaving the rest queued for another worker', async () => {
    const connections = await Promise.all([connect({ servers: nats.url }), connect({ servers: nats.url })]);
    const handledBy: string[][] = [[], []];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding =
      (w: number): JobHandler =>
      async () => {
        handledBy[w].push('job');
        await released;
      };
    const first = await startWorker(connections[0], { hold: holding(0) }, { concurrency: 1 });
    for (let i = 0; i < 3; i++) await publish(job('hold', {}));
    while (handledBy[0].length < 1) await new Promise((r) => setTimeout(r, 10));
    const second = await startWorker(connections[1], { hold: holding(1) }, { concurrency: 2 });
    while (handledBy[1].length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(handledBy.map((jobs) => jobs.length)).toEqual([1, 2]);
    release();
    for (const worker of [first, second]) await worker.stop();
    for (const connection of connections) await connection.drain();
  });

  it('publishes no chunks for a requester that does not listen to them', async () => {
    const connection = await connect({ servers: nats.url });
    const worker = await startWorker(connection, {
      speak: async (_, tools) => {
        for (const word of ['steady ', 'and ', 'slow']) tools.emitChunk(word);
        return { said: 'steady and slow' };
      },
    });
    const jobId = randomUUID();
    const heard: string[] = [];
    const chunks = nc.subscribe(aiJobChunksSubject(jobId), {
      callback: (_, message) => {
        heard.push(message.string());
      },
    });
    const result = await natsAiJobClient(nc, { timeoutMs: 5000 }).request<{ said: string }>(
      'speak',
      {},
      { jobId, requestedBy: null, correlationId: 'test' },
    );
    // The worker publishes a job's pieces before its outcome, on one connection: any piece would have arrived by now.
    expect(result.said).toBe('steady and slow');
    expect(heard).toEqual([]);
    chunks.unsubscribe();
    await worker.stop();
    await connection.drain();
  });

  it('relays the chunks of a job before its result to the requester, and tells a failure from a timeout', async () => {
    const connection = await connect({ servers: nats.url });
    const worker = await startWorker(
      connection,
      {
        speak: async (_, tools) => {
          for (const word of ['steady ', 'and ', 'slow']) tools.emitChunk(word);
          return { said: 'steady and slow' };
        },
        broken: async () => {
          throw new Error('model unavailable');
        },
      },
      { retryDelayMs: 10 },
    );
    const client = natsAiJobClient(nc, { timeoutMs: 5000 });
    const chunks: string[] = [];
    const result = await client.request<{ said: string }>(
      'speak',
      {},
      { jobId: randomUUID(), requestedBy: null, correlationId: 'test', onChunk: (text) => chunks.push(text) },
    );
    expect(chunks.join('')).toBe(result.said);
    await expect(
      client.request('broken', {}, { jobId: randomUUID(), requestedBy: null, correlationId: 'test' }),
    ).rejects.toBeInstanceOf(AiJobFailedError);
    await worker.stop();
    await connection.drain();
    const unanswered = natsAiJobClient(nc, { timeoutMs: 100 });
    await expect(
      unanswered.request('speak', {}, { jobId: randomUUID(), requestedBy: null, correlationId: 'test' }),
    ).rejects.toBeInstanceOf(AiJobTimeoutError);
  });
});
