import { trainCrisisModel } from './crisis-model';

/**
 * The classifier's own thread (a piscina worker, see crisis-detector.ts): it trains when the
 * thread starts and answers each sentence's highest crisis score, so classifying a long post
 * never holds the event loop that serves members.
 */
const model = trainCrisisModel();

export default async function crisisScore(text: string): Promise<number> {
  return (await model)(text);
}
