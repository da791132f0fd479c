import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jobQueueNames } from '@reflections/contracts/ai-jobs';
import { natsAiJobClient } from '@reflections/ai-client/nats-ai-job-client';
import { ensureJobQueue } from '@reflections/ai-client/job-queue';
import { startNatsServer } from '@reflections/testing/nats-server';
import { startWorker } from './worker';

describe('the AI job queue on JetStream', () => {
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let nc: NatsConnection;
  beforeAll(async () => {
    nats = await startNatsServer();
    nc = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await nc?.drain();
    await nats?.stop();
  });

  it('gives the shared consumer the configured ack wait, also when the consumer already exists', async () => {
    const jsm = await jetstreamManager(nc);
    const names = jobQueueNames('ackwait');
    await ensureJobQueue(jsm, { names, ackWaitMs: 60_000 });
    await ensureJobQueue(jsm, { names, ackWaitMs: 4_000 });
    expect((await jsm.consumers.info(names.stream, names.consumer)).config.ack_wait).toBe(4_000 * 1e6);
  });

  it('keeps two deployments with different prefixes on one NATS apart', async () => {
    const jsm = await jetstreamManager(nc);
    const [blue, green] = [jobQueueNames('blue'), jobQueueNames('green')];
    await ensureJobQueue(jsm, { names: blue });
    await ensureJobQueue(jsm, { names: green });
    const connections = await Promise.all([connect({ servers: nats.url }), connect({ servers: nats.url })]);
    const workers = await Promise.all([
      startWorker(connections[0], { who: async () => 'blue' }, { names: blue }),
      startWorker(connections[1], { who: async () => 'green' }, { names: green }),
    ]);
    try {
      const ask = (names: typeof blue) =>
        natsAiJobClient(nc, { timeoutMs: 10_000, names }).request<string>(
          'who',
          {},
          { jobId: randomUUID(), requestedBy: null, correlationId: 'test' },
        );
      expect(await Promise.all([ask(blue), ask(green), ask(blue)])).toEqual(['blue', 'green', 'blue']);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await Promise.all(connections.map((connection) => connection.drain()));
    }
  });

  it('refuses a prefix NATS could not name a stream with', () => {
    expect(() => jobQueueNames('a.b')).toThrow(/AI_QUEUE_PREFIX/);
  });
});
