import { threadEntry, tsxExecArgv } from '@reflections/platform/process/typescript-worker';
import { Piscina } from 'piscina';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import type { CrisisCheck } from './crisis-check';
import { CRISIS_THRESHOLD, trainCrisisModel } from './crisis-model';

type Scorer = (text: string) => Promise<number>;

/**
 * The classifier in a thread of its own (piscina): training takes about a second and each
 * text 0.1-0.3 ms of CPU per sentence, neither of which should hold the event loop that
 * answers requests (a long journal entry is hundreds of sentences). If the thread cannot
 * run, the same model trains and runs in this thread: a member's words are checked either way.
 */
export function classifierThread(filename = threadEntry(__dirname, 'crisis-thread')): {
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
  const score: Scorer = (text) => {
    if (failed) return here(text);
    return new Promise<number>((resolve) => {
      if (waiting.length === 0) setImmediate(send);
      waiting.push({ text, answer: resolve });
    });
  };
  return { score, ready: score('').then(() => undefined) };
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
