import { parentPort } from 'node:worker_threads';
import { nameThisThread } from '@reflections/platform/process/thread-name';
import { trainCrisisModel, trainNlpModel } from './crisis-model';
import type { AskedScores, ScoresAnswer, TrainedModelMessage } from './crisis-thread-messages';

/**
 * The classifier's own thread (see classifierThread in crisis-detector.ts): it trains when the
 * thread starts, hands the trained model to the thread that started it (which scores short
 * texts itself), and answers each text's highest sentence crisis score, so classifying a long
 * post never holds the event loop that serves members.
 */
nameThisThread('crisis');
const trained = trainNlpModel();
const model = trainCrisisModel(trained);

void trained.then(
  ({ nlp }) => parentPort?.postMessage({ trainedModel: nlp.export(true) } satisfies TrainedModelMessage),
  () => undefined,
);

parentPort?.on('message', ({ id, texts }: AskedScores) => {
  void model
    .then((score) => Promise.all(texts.map((text) => score(text))))
    .then(
      (scores): ScoresAnswer => ({ id, scores }),
      (error: unknown): ScoresAnswer => ({ id, error: error instanceof Error ? error.message : String(error) }),
    )
    .then((answer) => parentPort?.postMessage(answer));
});
