import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Nlp } from '@nlpjs/nlp';
import { seeded } from '@reflections/platform/testing/seeded-random';
import evaluation from './corpus/evaluation.json';
import training from './corpus/training.json';
import { classifiedByNlp, CRISIS, trainNlpModel, type TrainedCrisisModel, withWordPairs } from './crisis-model';
import { sentenceScorer } from './sentence-scorer';

/** Sentences made of the corpus's own words in random order and length (seeded, so every run checks the same ones). */
function generatedSentences(words: string[], count: number): string[] {
  const random = seeded(20261123);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + random.int(14) }, () => random.pick(words)).join(' '),
  );
}

describe('the sentence scorer the crisis classifier uses', () => {
  let model: TrainedCrisisModel;
  beforeAll(async () => {
    model = await trainNlpModel();
  });

  it("gives every sentence exactly the score nlp.js's own classify gives it", async () => {
    const scorer = sentenceScorer(model.container, CRISIS);
    expect(scorer).not.toBeNull();
    const reference = classifiedByNlp(model);
    const phrases = [...training, ...evaluation].flatMap((category) => category.phrases);
    const words = phrases.join(' ').split(/\s+/);
    const sentences = [
      ...phrases,
      ...generatedSentences(words, 5_000),
      '',
      '  ',
      'constructor',
      "I can't, I won't, I'm done",
      'Café naïve 42 résumé',
      'I cannot go on, gonna end it, wanna sleep',
    ].map(withWordPairs);
    // Texts as withWordPairs never makes them (capitals, apostrophes, a tab: nlp.js's own normalizer and tokenizer) and with extra spaces: the same scores too.
    sentences.push("I can't, I won't, I'm done", 'Café NAÏVE (42) résumé', 'i  cannot\tgo', ' i  cannot  go ');
    const differing: { sentence: string; classify: number; scorer: number }[] = [];
    const scores: number[] = [];
    for (const sentence of sentences) {
      const expected = await reference(sentence);
      const actual = scorer!(sentence);
      scores.push(actual);
      if (!Object.is(actual, expected)) differing.push({ sentence, classify: expected, scorer: actual });
    }
    expect(differing).toEqual([]);
    // Both ways to a score were taken: exact matches of training sentences and the network.
    expect(scores.filter((score) => score === 1).length).toBeGreaterThan(100);
    expect(scores.filter((score) => score > 0 && score < 1).length).toBeGreaterThan(1_000);
  });

  it('keeps a bounded memory of the words it has stemmed', () => {
    const scorer = sentenceScorer(model.container, CRISIS)!;
    const stemmer = model.container.get('stemmer-en') as { cache: Record<string, string> };
    for (let i = 0; i < 60_000; i += 10) scorer(Array.from({ length: 10 }, (_, j) => `word${i + j}`).join(' '));
    expect(Object.keys(stemmer.cache).length).toBeLessThan(50_000);
  });
});

describe("the test run's cache of the trained model", () => {
  it('gives a model read from it exactly the scores of one trained in this process, without training it', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'crisis-model-cache-'));
    try {
      const trainedHere = await trainNlpModel(undefined);
      await trainNlpModel(directory);
      expect(fs.readdirSync(directory)).toHaveLength(1);
      const train = jest.spyOn((Nlp as { prototype: { train(): Promise<void> } }).prototype, 'train');
      const read = await trainNlpModel(directory);
      expect(train).not.toHaveBeenCalled();
      train.mockRestore();

      const [expected, actual] = [trainedHere, read].map((model) => sentenceScorer(model.container, CRISIS));
      expect(actual).not.toBeNull();
      const phrases = [...training, ...evaluation].flatMap((category) => category.phrases);
      const sentences = [...phrases, ...generatedSentences(phrases.join(' ').split(/\s+/), 2_000)].map(withWordPairs);
      const differing = sentences.filter((sentence) => !Object.is(actual!(sentence), expected!(sentence)));
      expect(differing).toEqual([]);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
