import training from './corpus/training.json';
import { classifierThread, SHORT_TEXT_CHARS } from './crisis-detector';
import { EVALUATION_CORPUS } from './crisis-evaluation';

/** Every text the copy in this thread scored. */
const scoredInThisThread: string[] = [];
jest.mock('./crisis-model', () => {
  const actual = jest.requireActual('./crisis-model');
  return {
    ...actual,
    importedCrisisModel: async (exported: string) => {
      const score = await actual.importedCrisisModel(exported);
      return (text: string) => {
        scoredInThisThread.push(text);
        return score(text);
      };
    },
  };
});

/**
 * Short texts are scored in the asking thread by a copy of the classifier thread's model
 * (docs/performance.md, "Forum writes, issue 29 sixth pass"): a member's words must get the
 * very score the thread would have given them.
 */
describe('short texts scored beside the request', () => {
  const phrases = [...training, ...EVALUATION_CORPUS].flatMap((category) => category.phrases);
  const posts = [
    'Post 3-17 from the bench\nTwenty characters or more, as the Campfire board asks.',
    'Rough week\nI keep thinking everyone would be better off without me. I have not told anyone.',
    'Reply 12: thank you for this.',
    '',
  ];

  it('gives every corpus phrase and post the score the classifier thread gives it', async () => {
    const everyTextToTheThread = classifierThread(undefined, -1);
    const shortTextsHere = classifierThread();
    await Promise.all([everyTextToTheThread.ready, shortTextsHere.ready]);
    const asked = [...phrases, ...posts];
    expect(asked.filter((text) => text.length <= SHORT_TEXT_CHARS).length).toBeGreaterThan(1000);
    const fromTheThread = await Promise.all(asked.map((text) => everyTextToTheThread.score(text)));
    const scoredHere = await Promise.all(asked.map((text) => shortTextsHere.score(text)));
    expect(scoredHere).toEqual(fromTheThread);
    expect(scoredInThisThread).toEqual(asked.filter((text) => text.length <= SHORT_TEXT_CHARS));
  });

  it('still sends a longer text to the classifier thread', async () => {
    const detector = classifierThread();
    await detector.ready;
    scoredInThisThread.length = 0;
    const long = `${'Long shift, then the kids had practice. '.repeat(10)}I fixed the fence after dinner.`;
    expect(long.length).toBeGreaterThan(SHORT_TEXT_CHARS);
    expect(await detector.score(long)).toBeLessThan(0.25);
    expect(scoredInThisThread).toEqual([]);
  });
});
