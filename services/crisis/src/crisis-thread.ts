import { nameThisThread } from '@reflections/platform/process/thread-name';
import { trainCrisisModel } from './crisis-model';

/**
 * The classifier's own thread (a piscina worker, see crisis-detector.ts): it trains when the
 * thread starts and answers each text's highest sentence crisis score, so classifying a long post
 * never holds the event loop that serves members.
 */
nameThisThread('crisis');
const model = trainCrisisModel();

/** The scores of texts asked for together (see classifierThread), in their order. */
export default async function crisisScores(texts: string[]): Promise<number[]> {
  const score = await model;
  return Promise.all(texts.map((text) => score(text)));
}
