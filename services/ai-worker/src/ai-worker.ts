import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ensureJobQueue } from './job-queue';
import { type JobHandler, startWorker } from './worker';

/**
 * The job kinds this worker handles. RAI's arrive with the RAI issue; until then every
 * job is reported on ai.failures as having no handler, so nothing waits silently.
 */
const HANDLERS: Record<string, JobHandler> = {};

/** Connects to NATS, makes sure the job queue exists and starts consuming; `stop` drains. */
export async function startAiWorker(natsUrl: string): Promise<{ stop: () => Promise<void> }> {
  const nc = await connect({ servers: natsUrl, name: 'reflections-ai-worker' });
  await ensureJobQueue(await jetstreamManager(nc));
  const worker = await startWorker(nc, HANDLERS);
  return {
    stop: async () => {
      await worker.stop();
      await nc.drain();
    },
  };
}
