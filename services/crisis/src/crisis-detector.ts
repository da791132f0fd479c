import { threadEntry, typescriptWorker } from '@reflections/platform/process/typescript-worker';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import type { CrisisCheck } from './crisis-check';
import { CRISIS_THRESHOLD, importedNlpModel, textScorer, trainCrisisModel } from './crisis-model';
import type { AskedScores, ScoresAnswer, TrainedModelMessage } from './crisis-thread-messages';

type Scorer = (text: string) => Promise<number>;

/**
 * Texts up to this long are scored in the thread that asks, once the classifier's thread has
 * trained and handed its model over: scoring one (a sentence or two, 15–40 µs) costs that
 * thread about what handing it to the other thread and taking its answer back does, and the
 * other thread's work and wake are saved (docs/performance.md, "Forum writes, issue 29
 * eleventh pass"). Anything longer goes to the classifier's thread, as everything did before.
 */
const SCORED_HERE_UP_TO_CHARS = 160;

/**
 * The classifier in a thread of its own: training takes about a second and each sentence
 * 15–20 µs of CPU, and neither training nor a long text should hold the event loop that
 * answers requests (a long journal entry is hundreds of sentences). Texts asked for in one
 * turn of the event loop go to it as one message and come back as one; a plain worker and a
 * message each way, where piscina's task bookkeeping per batch doubled what a round trip cost
 * (docs/performance.md, "Forum writes, issue 29 sixth pass"). Once trained, the thread hands
 * its model over, and texts up to `scoredHereUpToChars` are scored where they are asked. If
 * the thread cannot run, the same model trains and runs in this thread: a member's words are
 * checked either way.
 */
export function classifierThread(
  filename = threadEntry(__dirname, 'crisis-thread'),
  scoredHereUpToChars = SCORED_HERE_UP_TO_CHARS,
): {
  score: Scorer;
  ready: Promise<void>;
} {
  /** The thread's trained model, imported here once it has sent it (before its first answer): short texts skip the hand-off. */
  let scoredHere: ((text: string) => number) | null = null;
  let importing: Promise<void> | null = null;
  let inThisThread: Promise<Scorer> | null = null;
  const here = (text: string) => {
    // The model the thread handed over, when it did before failing; otherwise trained here.
    inThisThread ??= scoredHere ? Promise.resolve(async (asked: string) => scoredHere!(asked)) : trainCrisisModel();
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
  const takeModel = (exported: string) =>
    importedNlpModel(exported).then(
      (model) => void (scoredHere = textScorer(model)),
      (error: unknown) =>
        logger.warn({ err: safeError(error) }, 'crisis model not imported here; every text goes to its thread'),
    );
  worker.on('message', (answer: ScoresAnswer | TrainedModelMessage) => {
    if ('trainedModel' in answer) {
      if (scoredHereUpToChars > 0) importing = takeModel(answer.trainedModel);
      return;
    }
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
    if (scoredHere && text.length <= scoredHereUpToChars) {
      try {
        return Promise.resolve(scoredHere(text));
      } catch (error) {
        // Never lost: the thread scores it as before.
        logger.warn({ err: safeError(error) }, 'crisis text not scored here; asked of its thread');
      }
    }
    return new Promise<number>((resolve) => {
      if (waiting.length === 0) setImmediate(send);
      waiting.push({ text, answer: resolve });
    });
  };
  // Ready once the thread has answered and the model it sent first is in place here.
  return { score, ready: score('').then(() => importing ?? undefined) };
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
