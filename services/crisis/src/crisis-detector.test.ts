import { logger } from '@reflections/platform/log/logger';
import training from './corpus/training.json';
import { classifierThread, createCrisisDetector } from './crisis-detector';
import { EVALUATION_CORPUS, evaluateCrisisDetector, evaluationTable } from './crisis-evaluation';
import * as crisisModel from './crisis-model';

jest.mock('./crisis-model', () => {
  const actual = jest.requireActual('./crisis-model');
  return { ...actual, trainCrisisModel: jest.fn(actual.trainCrisisModel) };
});

const words = (phrase: string) =>
  new Set(
    phrase
      .toLowerCase()
      .replace(/[’']/g, '')
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );

/**
 * The local detector measured on a labelled corpus kept apart from its training phrases,
 * per category (issue 22): recall on risk (direct, indirect, means and access) and false
 * alarms on everyday talk, idioms and gallows humour, first-responder talk and family stories.
 */
describe('local crisis detector', () => {
  const detector = createCrisisDetector();
  const trainingPhrases = training.flatMap((category) => category.phrases);

  it('is measured by category on phrases none of which is in its training corpus, nor a copy of one', () => {
    for (const category of [
      'direct',
      'means-firearms',
      'means-service-weapon',
      'indirect-farewell',
      'everyday',
      'idioms',
      'first-responder',
      'family-stories',
    ]) {
      expect(EVALUATION_CORPUS.find((c) => c.category === category)?.phrases.length).toBeGreaterThanOrEqual(20);
    }
    const trained = new Set(trainingPhrases.map((phrase) => [...words(phrase)].sort().join(' ')));
    const evaluated = EVALUATION_CORPUS.flatMap((category) => category.phrases);
    expect(evaluated.filter((phrase) => trained.has([...words(phrase)].sort().join(' ')))).toEqual([]);
  });

  it('meets the recall and false-alarm targets of every category', async () => {
    const figures = await evaluateCrisisDetector((text) => detector.isCrisis(text));
    console.log(`crisis detector on the evaluation corpus:\n${evaluationTable(figures)}`);
    expect(
      figures
        .filter((f) => !f.met)
        .map((f) => ({ category: f.category, flagged: `${f.flagged}/${f.phrases}`, missed: f.missed })),
    ).toEqual([]);
  });

  it('hears what the reports of issue 22 said, and stays quiet on what they said was harmless', async () => {
    for (const words of [
      "I don't want to be alive anymore",
      'I have a plan and I have the pills ready',
      'What is the point of any of this. I am done.',
      'I said goodbye to my dog today like it was the last time.',
    ]) {
      expect([words, await detector.isCrisis(words)]).toEqual([words, true]);
    }
    const story =
      'My mother held it all together when my father left. She worked two jobs and never missed a game. I only saw how tired she was when I had kids of my own.';
    for (const words of ['I think it is the money.', 'This is something I have never told anyone before.', story]) {
      expect([words, await detector.isCrisis(words)]).toEqual([words, false]);
    }
  });

  it('finds one crisis sentence inside a long, otherwise ordinary entry', async () => {
    const entry =
      'Work was long again and the kids had practice. I fixed the fence after dinner. Honestly, my family would be better off if I was gone. Anyway, the game is on sunday.';
    expect(await detector.isCrisis(entry)).toBe(true);
    expect(
      await detector.isCrisis(
        'Work was long again and the kids had practice. I fixed the fence after dinner and this workout is killing me.',
      ),
    ).toBe(false);
  });
});

describe('where the crisis classifier runs', () => {
  const entry = 'Honestly, my family would be better off if I was gone.';

  it('trains in its own thread, never on the event loop that serves requests', async () => {
    const detector = createCrisisDetector();
    await detector.ready();
    expect(await detector.isCrisis(entry)).toBe(true);
    expect(await detector.isCrisis('Long shift, then the kids had practice.')).toBe(false);
    expect(crisisModel.trainCrisisModel).not.toHaveBeenCalled();
  });

  it('scores a short text in this thread once its own has handed the model over, with the scores that thread gives', async () => {
    const handingOver = classifierThread(undefined, 160);
    const threadOnly = classifierThread(undefined, 0);
    await Promise.all([handingOver.ready, threadOnly.ready]);
    const texts = [
      ...EVALUATION_CORPUS.flatMap((category) => category.phrases),
      `Post 3-17 from the bench\nTwenty characters or more, as the Campfire board asks.`,
      `${'Long shift, then the kids had practice. '.repeat(6)}Honestly, my family would be better off if I was gone.`,
    ];
    expect(texts.filter((text) => text.length <= 160).length).toBeGreaterThan(100);
    expect(texts.filter((text) => text.length > 160).length).toBeGreaterThan(0);
    const here = await Promise.all(texts.map((text) => handingOver.score(text)));
    const there = await Promise.all(texts.map((text) => threadOnly.score(text)));
    expect(here).toEqual(there);
    expect(here[here.length - 1]).toBeGreaterThanOrEqual(crisisModel.CRISIS_THRESHOLD);
    expect(crisisModel.trainCrisisModel).not.toHaveBeenCalled();

    // Scored here, a text's answer comes before anything the event loop runs next; from the thread, after.
    const answeredBeforeNextTurn = async (scorer: { score: (text: string) => Promise<number> }, text: string) => {
      let turned = false;
      setImmediate(() => (turned = true));
      await scorer.score(text);
      return !turned;
    };
    const short = 'x'.repeat(160);
    expect(await answeredBeforeNextTurn(handingOver, short)).toBe(true);
    expect(await answeredBeforeNextTurn(handingOver, `${short}x`)).toBe(false);
    expect(await answeredBeforeNextTurn(threadOnly, short)).toBe(false);
  });

  it('still checks every text in this thread when its own thread cannot run', async () => {
    const errors = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
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
