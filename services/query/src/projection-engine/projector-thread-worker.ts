import { parentPort, workerData } from 'node:worker_threads';
import type { MikroORM } from '@mikro-orm/postgresql';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import type { Applied } from './projection-progress';
import type { ProjectorRuntime } from './projector-runtime';
import type { FromProjectorThread, ProjectorThreadData, ToProjectorThread } from './projector-thread-messages';

/** With no reader waiting, the admin's live view and `latest()` hear of batches this much later at most. */
const QUIET_REPORT_MS = 50;

/** What the service's composition gives the thread: its read models, its runtime and how it starts its projectors. */
export type ProjectorThreadComposition = {
  connectReadModels: (databaseUrl: string) => Promise<MikroORM>;
  runtime: (orm: MikroORM, store: EventStore) => ProjectorRuntime;
  startProjectors: (
    runtime: ProjectorRuntime,
    options: { leases?: { databaseUrl: string } },
  ) => Promise<() => Promise<void>>;
};

/** The projector thread (see ProjectorThread): every projector of the service, reporting its checkpoints. */
async function runProjectors(
  port: NonNullable<typeof parentPort>,
  data: ProjectorThreadData,
  composition: ProjectorThreadComposition,
) {
  const send = (message: FromProjectorThread) => port.postMessage(message);
  const orm = await composition.connectReadModels(data.databaseUrl);
  const store = await connectEventStore({ eventStoreUrl: data.eventStoreUrl, databaseUrl: data.databaseUrl });
  const runtime = composition.runtime(orm, store);

  // While a reader waits, one report per turn of this thread's loop, however many batches
  // ended in it; otherwise at most one every QUIET_REPORT_MS (each message wakes the other thread).
  let applied: Applied[] = [];
  let scheduled: 'now' | 'later' | null = null;
  let quietTimer: NodeJS.Timeout | null = null;
  let readerDone: (() => void) | null = null;
  const report = () => {
    scheduled = null;
    // A reader's report may come before a quiet one that was due: that one has nothing left to say.
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = null;
    send({ type: 'progress', checkpoints: runtime.checkpoints.all(), applied });
    applied = [];
  };
  const schedule = () => {
    if (readerDone) {
      if (scheduled === 'now') return;
      scheduled = 'now';
      setImmediate(report);
    } else if (scheduled === null) {
      scheduled = 'later';
      quietTimer = setTimeout(report, QUIET_REPORT_MS);
    }
  };
  runtime.checkpoints.onAdvanced(schedule);
  runtime.checkpoints.onApplied((batch) => {
    applied.push(batch);
    schedule();
  });

  let stopProjectors = () => runtime.stop();
  port.on('message', (message: ToProjectorThread) => {
    if (message.type === 'readers') {
      if (message.waiting) {
        // Which projectors readers wait for changed: the ones no reader waits for any more may rest again.
        const before = readerDone;
        readerDone = runtime.readerWaits(message.readModels);
        before?.();
        // The reader may wait for a checkpoint already reached but not yet reported.
        schedule();
      } else {
        readerDone?.();
        readerDone = null;
      }
    } else if (message.type === 'caughtUp') {
      void runtime.caughtUp().then(() => send({ type: 'caughtUp', id: message.id }));
    } else {
      void (async () => {
        await stopProjectors();
        await Promise.allSettled([orm.close(), store.close()]);
        send({ type: 'stopped' });
      })();
    }
  });

  stopProjectors = await composition.startProjectors(
    runtime,
    data.leases ? { leases: { databaseUrl: data.databaseUrl } } : {},
  );
  send({ type: 'started', checkpoints: runtime.checkpoints.all() });
}

/** Runs the projectors of `composition` in this worker thread: called by the service's thread entry file. */
export function runProjectorThread(composition: ProjectorThreadComposition) {
  if (!parentPort) throw new Error('a projector thread entry runs as a worker thread (see ProjectorThread)');
  void runProjectors(parentPort, workerData as ProjectorThreadData, composition).catch((error: unknown) => {
    // Thrown, the thread ends with it, and ProjectorThread hears why.
    setImmediate(() => {
      throw error;
    });
  });
}
