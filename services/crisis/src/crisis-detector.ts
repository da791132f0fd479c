import { threadEntry, tsxExecArgv } from '@reflections/platform/process/typescript-worker';
import { Piscina } from 'piscina';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import type { CrisisCheck } from './crisis-check';
import { CRISIS_THRESHOLD, importedCrisisModel, trainCrisisModel } from './crisis-model';

type Scorer = (text: string) => Promise<number>;

/**
 * Texts up to this length are scored in the asking thread, by a copy of the thread's model.
 * Handing a text over (piscina's postMessage, waking the thread, its answer) cost a forum
 * post about 100 µs of CPU across both threads whatever its length, and scoring a post of
 * 80 characters costs about 20 (docs/performance.md, "Forum writes, issue 29 sixth pass");
 * at this length scoring costs about what the hand-off does, and it holds the event loop
 * under a tenth of a millisecond. Longer texts, where scoring grows with every sentence,
 * still go to the thread.
 */
export const SHORT_TEXT_CHARS = 280;

/**
 * The classifier in a thread of its own (piscina): training takes about a second and each
 * text 0.1-0.3 ms of CPU per sentence, neither of which should hold the event loop that
 * answers requests (a long journal entry is hundreds of sentences). Once the thread has
 * trained, a copy of its model scores short texts here (SHORT_TEXT_CHARS). If the thread cannot
 * run, the same model trains and runs in this thread: a member's words are checked either way.
 */
export function classifierThread(
  filename = threadEntry(__dirname, 'crisis-thread'),
  shortTextChars = SHORT_TEXT_CHARS,
): {
  score: Scorer;
  ready: Promise<void>;
} {
  const pool = new Piscina<string[], number[]>({
    filename,
    minThreads: 1,
    maxThreads: 1,
    // Batches go to the thread as they come, not one per round trip through this (busy) event loop.
    concurrentTasksPerWorker: 64,
    idleTimeout: Infinity,
    // Posted messages, not a shared-memory wait loop: the thread sleeps between texts.
    atomics: 'disabled',
    execArgv: tsxExecArgv(),
  });
  let inThisThread: Promise<Scorer> | null = null;
  const here = (text: string) => {
    inThisThread ??= trainCrisisModel();
    return inThisThread.then((model) => model(text));
  };
  // A thread that fails to start or dies is not retried: this thread takes over for good.
  let failed = false;
  const fail = (error: unknown) => {
    if (!failed)
      logger.error(
        { err: safeError(error) },
        'crisis classifier thread failed; classifying in the main thread from now on',
      );
    failed = true;
  };
  pool.on('error', fail);
  // Texts asked for in one turn of the event loop go to the thread as one message.
  let waiting: { text: string; answer: (score: Promise<number>) => void }[] = [];
  const send = () => {
    const batch = waiting;
    waiting = [];
    const scores = pool.run(batch.map((asked) => asked.text)).catch((error: unknown) => {
      fail(error);
      return null;
    });
    batch.forEach((asked, i) => asked.answer(scores.then((all) => all?.[i] ?? here(asked.text))));
  };
  // The thread's own model, imported here once it has trained (about 60 ms at start, no second training).
  let shortTexts: Scorer | null = null;
  const score: Scorer = (text) => {
    if (shortTexts && text.length <= shortTextChars) return shortTexts(text);
    if (failed) return here(text);
    return new Promise<number>((resolve) => {
      if (waiting.length === 0) setImmediate(send);
      waiting.push({ text, answer: resolve });
    });
  };
  const ready = score('')
    .then(() => (failed ? null : (pool as unknown as Piscina<null, string>).run(null, { name: 'exportedModel' })))
    .then(async (exported) => {
      if (exported !== null) shortTexts = await importedCrisisModel(exported);
    })
    .catch((error: unknown) => {
      // Every text still goes to the thread: only the saving on short ones is lost.
      logger.warn({ err: safeError(error) }, 'crisis classifier not copied from its thread; every text goes to it');
    });
  return { score, ready };
}

let shared: ReturnType<typeof classifierThread> | null = null;

/**
 * The local detector: an nlp.js model (crisis-model.ts) trained once per process, in its
 * own thread. Processes call `ready()` at start, so the first member never waits for training.
 */
export function createCrisisDetector(): { isCrisis: CrisisCheck; ready: () => Promise<void> } {
  shared ??= classifierThread();
  const { score, ready } = shared;
  return {
    isCrisis: async (text) => (await score(text)) >= CRISIS_THRESHOLD,
    ready: () => ready,
  };
}
