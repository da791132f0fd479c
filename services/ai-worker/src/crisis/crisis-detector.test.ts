import evaluation from './corpus/evaluation.json';
import training from './corpus/training.json';
import { classifierThread, createCrisisDetector } from './crisis-detector';
import * as crisisModel from './crisis-model';

jest.mock('./crisis-model', () => {
  const actual = jest.requireActual('./crisis-model');
  return { ...actual, trainCrisisModel: jest.fn(actual.trainCrisisModel) };
});

/**
 * The local detector measured on a labelled corpus kept apart from its training phrases:
 * recall on crisis phrases (direct and indirect) and false alarms on harmless ones
 * (idioms such as "this workout is killing me", and everyday hard days).
 */
describe('local crisis detector', () => {
  const detector = createCrisisDetector();
  const crisisPhrases = [...evaluation.crisis.direct, ...evaluation.crisis.indirect];
  const harmlessPhrases = [...evaluation.safe.idioms, ...evaluation.safe.everyday];

  it('is measured on at least 150 labelled phrases, none of them in its training corpus', () => {
    expect(crisisPhrases.length + harmlessPhrases.length).toBeGreaterThanOrEqual(150);
    expect(evaluation.crisis.indirect.length).toBeGreaterThanOrEqual(50);
    expect(evaluation.safe.idioms.length).toBeGreaterThanOrEqual(40);
    const trained = new Set([...training.crisis, ...training.safe].map((phrase) => phrase.toLowerCase()));
    expect([...crisisPhrases, ...harmlessPhrases].filter((phrase) => trained.has(phrase.toLowerCase()))).toEqual([]);
  });

  it('catches at least 95% of crisis phrases and raises at most 5% false alarms', async () => {
    const flagged = async (phrases: string[]) => (await Promise.all(phrases.map((phrase) => detector.isCrisis(phrase)))).filter(Boolean).length;
    const direct = await flagged(evaluation.crisis.direct);
    const indirect = await flagged(evaluation.crisis.indirect);
    const idioms = await flagged(evaluation.safe.idioms);
    const everyday = await flagged(evaluation.safe.everyday);
    const recall = (direct + indirect) / crisisPhrases.length;
    const falseAlarms = (idioms + everyday) / harmlessPhrases.length;
    console.log(
      [
        'crisis detector on the evaluation corpus:',
        `  recall ${(recall * 100).toFixed(1)}% (direct ${direct}/${evaluation.crisis.direct.length}, indirect ${indirect}/${evaluation.crisis.indirect.length})`,
        `  false alarms ${(falseAlarms * 100).toFixed(1)}% (idioms ${idioms}/${evaluation.safe.idioms.length}, everyday ${everyday}/${evaluation.safe.everyday.length})`,
      ].join('\n'),
    );
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(falseAlarms).toBeLessThanOrEqual(0.05);
  });

  it('finds one crisis sentence inside a long, otherwise ordinary entry', async () => {
    const entry = 'Work was long again and the kids had practice. I fixed the fence after dinner. Honestly, my family would be better off if I was gone. Anyway, the game is on sunday.';
    expect(await detector.isCrisis(entry)).toBe(true);
    expect(await detector.isCrisis('Work was long again and the kids had practice. I fixed the fence after dinner and this workout is killing me.')).toBe(false);
  });
});

describe('where the crisis classifier runs', () => {
  const entry = 'Honestly, my family would be better off if I was gone.';

  it('trains and classifies in its own thread, never on the event loop that serves requests', async () => {
    const detector = createCrisisDetector();
    await detector.ready();
    expect(await detector.isCrisis(entry)).toBe(true);
    expect(await detector.isCrisis('Long shift, then the kids had practice.')).toBe(false);
    expect(crisisModel.trainCrisisModel).not.toHaveBeenCalled();
  });

  it('still checks every text in this thread when its own thread cannot run', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = classifierThread('/nowhere/crisis-thread.ts');
      await broken.ready;
      expect(await broken.score(entry)).toBeGreaterThanOrEqual(crisisModel.CRISIS_THRESHOLD);
      expect(await broken.score('Long shift, then the kids had practice.')).toBeLessThan(crisisModel.CRISIS_THRESHOLD);
      expect(crisisModel.trainCrisisModel).toHaveBeenCalledTimes(1);
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
  });
});
