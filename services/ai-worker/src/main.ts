import { stopOnSignal } from '@reflections/platform/process/shutdown';
import { startAiWorker } from './ai-worker';

/** The AI worker as its own process (distributed mode; run any number of replicas). */
async function main() {
  const natsUrl = process.env.NATS_URL;
  if (!natsUrl) throw new Error('NATS_URL must be set to run the AI worker on its own');
  const worker = await startAiWorker(natsUrl);
  console.log(`ai-worker consuming from ${natsUrl}`);
  stopOnSignal(() => worker.stop());
}

main().catch((error) => {
  console.error('ai-worker could not start:', error);
  process.exit(1);
});
