import { parentPort } from 'node:worker_threads';
import { nameThisThread } from '@reflections/platform/process/thread-name';
import { trainCrisisModel } from './crisis-model';
import type { AskedScores, ScoresAnswer } from './crisis-thread-messages';

/**
 * The classifier's own thread (see classifierThread in crisis-detector.ts): it trains when the
 * thread starts and answers each text's highest sentence crisis score, so classifying a long post
 * never holds the event loop that serves members.
 */
nameThisThread('crisis');
const model = trainCrisisModel();

parentPort?.on('message', ({ id, texts }: AskedScores) => {
  void model
    .then((score) => Promise.all(texts.map((text) => score(text))))
    .then(
      (scores): ScoresAnswer => ({ id, scores }),
      (error: unknown): ScoresAnswer => ({ id, error: error instanceof Error ? error.message : String(error) }),
    )
    .then((answer) => parentPort?.postMessage(answer));
});
