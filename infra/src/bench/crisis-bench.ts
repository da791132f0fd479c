import { runBenchPart } from './run-bench-part';
import { evaluateCrisisDetector, evaluationTable } from '@reflections/crisis/crisis-evaluation';
import { CRISIS_THRESHOLD, trainCrisisModel } from '@reflections/crisis/crisis-model';

/**
 * The crisis detector's figures on its evaluation corpus, per category (issue 22): recall
 * on risk categories, false alarms on the others, each against its target. Fails the part
 * when a target is missed.
 */
export async function crisisBench(): Promise<void> {
  const started = performance.now();
  const score = await trainCrisisModel();
  const trainedMs = performance.now() - started;
  const figures = await evaluateCrisisDetector(async (text) => (await score(text)) >= CRISIS_THRESHOLD);
  console.log(
    `\nCrisis detector by category (trained in ${Math.round(trainedMs)} ms, threshold ${CRISIS_THRESHOLD})\n\n${evaluationTable(figures)}`,
  );
  const missed = figures.filter((f) => !f.met).map((f) => f.category);
  if (missed.length > 0) throw new Error(`crisis detector targets missed: ${missed.join(', ')}`);
}

if (require.main === module) runBenchPart('crisis', crisisBench);
