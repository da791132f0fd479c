import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ensureJobQueue } from './job-queue';
import { startWorker } from './worker';
import type { JobHandler } from './worker';
import { stopOnSignal } from '@reflections/platform/process/shutdown';

/**
 * The AI worker as its own process (distributed mode; run any number of replicas).
 * RAI's job kinds arrive with the RAI issue; until then every job is reported on
 * ai.failures as having no handler, so nothing waits silently.
 */
const HANDLERS: Record<string, JobHandler> = {};

async function main() {
  const servers = process.env.NATS_URL;
  if (!servers) throw new Error('NATS_URL must be set to run the AI worker on its own');
  const nc = await connect({ servers, name: 'reflections-ai-worker' });
  await ensureJobQueue(await jetstreamManager(nc));
  const worker = await startWorker(nc, HANDLERS);
  console.log(`ai-worker consuming from ${servers}`);
  stopOnSignal(async () => {
    await worker.stop();
    await nc.drain();
  });
}

main().catch((error) => {
  console.error('ai-worker could not start:', error);
  process.exit(1);
});
