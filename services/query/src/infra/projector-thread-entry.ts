import { parentPort, workerData } from 'node:worker_threads';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { PROJECTORS } from '../projections';
import { REPORT_PROJECTORS } from '../reports/reports';
import { connectReadModels } from './orm';
import type { Applied } from './projection-progress';
import { ProjectorRuntime } from './projector-runtime';
import type { FromProjectorThread, ProjectorThreadData, ToProjectorThread } from './projector-thread-messages';

/** The projector thread (see ProjectorThread): every projector of the query service, reporting its checkpoints. */
async function runProjectors(port: NonNullable<typeof parentPort>, data: ProjectorThreadData) {
  const send = (message: FromProjectorThread) => port.postMessage(message);
  const orm = await connectReadModels(data.databaseUrl);
  const store = await connectEventStore({ eventStoreUrl: data.eventStoreUrl, databaseUrl: data.databaseUrl });
  const runtime = new ProjectorRuntime(orm, store, {
    onError: (projector, error) => console.error(`[projector ${projector}] batch failed, will resume from its checkpoint:`, error),
  });

  // One message per turn of this thread's loop, however many batches ended in it.
  let applied: Applied[] = [];
  let scheduled = false;
  const report = () => {
    scheduled = false;
    send({ type: 'progress', checkpoints: runtime.checkpoints.all(), applied });
    applied = [];
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(report);
  };
  runtime.checkpoints.onAdvanced(schedule);
  runtime.checkpoints.onApplied((batch) => {
    applied.push(batch);
    schedule();
  });

  let readerDone: (() => void) | null = null;
  port.on('message', (message: ToProjectorThread) => {
    if (message.type === 'readers') {
      if (message.waiting) readerDone ??= runtime.readerWaits();
      else {
        readerDone?.();
        readerDone = null;
      }
    } else if (message.type === 'caughtUp') {
      void runtime.caughtUp().then(() => send({ type: 'caughtUp', id: message.id }));
    } else {
      void (async () => {
        await runtime.stop();
        await Promise.allSettled([orm.close(), store.close()]);
        send({ type: 'stopped' });
      })();
    }
  });

  await runtime.start(PROJECTORS);
  await runtime.start(REPORT_PROJECTORS, { holdsReads: false });
  send({ type: 'started', checkpoints: runtime.checkpoints.all() });
}

if (!parentPort) throw new Error('projector-thread-entry runs as a worker thread (see ProjectorThread)');
void runProjectors(parentPort, workerData as ProjectorThreadData).catch((error: unknown) => {
  // Thrown, the thread ends with it, and ProjectorThread hears why.
  setImmediate(() => {
    throw error;
  });
});
