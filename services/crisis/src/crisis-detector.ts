import { threadEntry, typescriptWorker } from '@reflections/platform/process/typescript-worker';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import type { CrisisCheck } from './crisis-check';
import { CRISIS_THRESHOLD, trainCrisisModel } from './crisis-model';
import type { AskedScores, ScoresAnswer } from './crisis-thread-messages';

type Scorer = (text: string) => Promise<number>;

/**
 * The classifier in a thread of its own: training takes about a second and each text
 * 0.1-0.3 ms of CPU per sentence, neither of which should hold the event loop that answers
 * requests (a long journal entry is hundreds of sentences). Texts asked for in one turn of
 * the event loop go to it as one message and come back as one; a plain worker and a message
 * each way, where piscina's task bookkeeping per batch doubled what a round trip cost
 * (docs/performance.md, "Forum writes, issue 29 sixth pass"). If the thread cannot run, the
 * same model trains and runs in this thread: a member's words are checked either way.
 */
export function classifierThread(filename = threadEntry(__dirname, 'crisis-thread')): {
  score: Scorer;
  ready: Promise<void>;
} {
  let inThisThread: Promise<Scorer> | null = null;
  const here = (text: string) => {
    inThisThread ??= trainCrisisModel();
    return inThisThread.then((model) => model(text));
  };
  /** Batches sent and not answered yet, by id: each answers its texts' scores, or null to score them here. */
  const pending = new Map<number, (scores: readonly number[] | null) => void>();
  let nextId = 0;
  // A thread that fails to start, fails a batch or dies is not retried: this thread takes over for good.
  let failed = false;
  const worker = typescriptWorker(filename);
  const fail = (error: unknown) => {
    if (!failed) {
      logger.error(
        { err: safeError(error) },
        'crisis classifier thread failed; classifying in the main thread from now on',
      );
      failed = true;
      void worker.terminate().catch(() => undefined);
    }
    for (const answer of pending.values()) answer(null);
    pending.clear();
  };
  // The thread keeps the process alive only while it has texts to answer.
  worker.unref();
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`crisis classifier thread exited (${code})`)));
  worker.on('message', (answer: ScoresAnswer) => {
    const done = pending.get(answer.id);
    if (!done) return;
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if (answer.scores) done(answer.scores);
    else fail(new Error(answer.error));
  });
  let waiting: { text: string; answer: (score: Promise<number>) => void }[] = [];
  const send = () => {
    const batch = waiting;
    waiting = [];
    if (failed) return batch.forEach((asked) => asked.answer(here(asked.text)));
    const id = nextId++;
    const scores = new Promise<readonly number[] | null>((resolve) => pending.set(id, resolve));
    if (pending.size === 1) worker.ref();
    worker.postMessage({ id, texts: batch.map((asked) => asked.text) } satisfies AskedScores);
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
