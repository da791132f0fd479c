import type { Container } from '@nlpjs/core';

type Settings = Record<string, unknown>;
type Classified = { classifications: { intent: string; score: number }[] };
type Pipelined = { pipelineProcess?: unknown; pipelinePrepare?: unknown };
type Perceptron = { readonly name: string; readonly weights: ArrayLike<number>; readonly bias: number };
type NeuralNetwork = {
  readonly numPerceptrons?: number;
  readonly perceptrons: readonly Perceptron[];
  readonly settings: { readonly alpha: number };
  readonly lookup: { readonly inputLookup: { readonly dict: Record<string, number | undefined> } };
};
type IntentNlu = Pipelined & {
  settings: Settings;
  neuralNetwork?: NeuralNetwork;
  intents?: Record<string, unknown>;
  intentFeatures?: Record<string, Record<string, unknown> | undefined>;
  /** The trained model's vocabulary: a stem is a feature when it maps to a truthy value. */
  features: Record<string, unknown>;
  applySettings(target: Settings, defaults: Settings): Settings;
  innerProcess(input: { settings: Settings; tokens: Record<string, number> }): Classified;
  filterNonActivated(input: Classified): Classified;
  normalizeClassifications(input: Classified): Classified;
};
type DomainManager = Pipelined & {
  settings: Settings;
  stemDict: Record<string, { intent: string } | undefined>;
  domains: Record<string, IntentNlu>;
  applySettings(target: Settings, defaults: Settings): Settings;
};
type NluManager = Pipelined & { settings: Settings; domainManagers: Record<string, DomainManager | undefined> };
type Stemmer = { cache: Record<string, string>; stemWord(word: string): string | null };

/** A sentence as withWordPairs prepares it: lowercase letters and digits, and spaces. */
const PREPARED = /^[a-z0-9 ]*$/;

/** The words nlp.js's English tokenizer splits in two (its replaceContractions). */
const SPLIT_WORDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['cannot', ['can', 'not']],
  ['gonna', ['going', 'to']],
  ['wanna', ['want', 'to']],
]);

/** How many words' stems are remembered before both memories start again: bounded memory, and common words stay cheap. */
const REMEMBERED_STEMS = 50_000;

/**
 * One prepared sentence's score for `intent`, from the parts of an nlp.js model trained in
 * `container`: the same steps, in the same order, as nlp.js's own `classify` (normalize,
 * tokenize, stem; an exact match of a training sentence's stems scores 1; otherwise the
 * neural network, then nlp.js's own activation filter and normalization), so the same
 * scores. crisis-model.test.ts holds it to `classify` on every corpus phrase and thousands
 * of generated sentences.
 *
 * Why not `classify`: per sentence it copies its settings objects three times and keeps
 * every text, sentence and word it has seen in caches that are emptied hourly (the
 * stemmer's never). For a server scoring every post, reply and journal sentence that is
 * memory without bound and about 4 times the CPU.
 *
 * Null when the model uses settings these steps do not cover (custom pipelines, spell
 * checking, the none feature, stop-word removal, allow lists, domains): the caller then
 * scores with `classify`.
 */
export function sentenceScorer(container: Container, intent: string): ((prepared: string) => number) | null {
  const manager = (container.get('nlp') as { nluManager: NluManager }).nluManager;
  const domains = manager.domainManagers.en;
  const nlu = domains?.domains.master_domain;
  const normalizer = container.get('normalizer-en') as { normalize(text: string): string } | undefined;
  const tokenizer = container.get('tokenizer-en') as { innerTokenize(text: string): string[] } | undefined;
  const stemmer = container.get('stemmer-en') as Stemmer | undefined;
  if (!domains || !nlu || !normalizer || !tokenizer || !stemmer || Object.keys(domains.domains).length !== 1)
    return null;
  if ([manager, domains, nlu].some((part) => part.pipelineProcess) || nlu.pipelinePrepare) return null;
  // The settings each step of `classify` reads, merged as nlp.js merges them on every call.
  const domainSettings = domains.applySettings({ ...manager.settings }, domains.settings);
  const settings = nlu.applySettings({ ...manager.settings }, nlu.settings);
  if (
    domainSettings.trainByDomain ||
    settings.spellCheck ||
    settings.useNoneFeature ||
    settings.keepStopwords === false ||
    settings.allowList
  )
    return null;

  /**
   * The tokens nlp.js's English normalizer and tokenizer make of `prepared`, without their
   * regular expressions for the sentences withWordPairs prepares (lowercase letters and
   * digits between spaces: every one the classifier is asked about). The normalizer (NFD,
   * accents dropped, lower case) leaves such a text as it is, and each of the tokenizer's
   * contraction rules needs an apostrophe, so its tokens are the words between the spaces,
   * with the three words it splits split as it does. Any other text takes nlp.js's own steps.
   */
  const tokensOf = (prepared: string): readonly string[] => {
    if (!PREPARED.test(prepared)) return tokenizer.innerTokenize(normalizer.normalize(prepared));
    const tokens: string[] = [];
    for (const word of prepared.split(' ')) {
      if (word === '') continue;
      const split = SPLIT_WORDS.get(word);
      if (split) tokens.push(...split);
      else tokens.push(word);
    }
    return tokens;
  };
  const stems = new Map<string, string | null>();
  const stemOf = (word: string) => {
    let stem = stems.get(word);
    if (stem === undefined) {
      if (stems.size >= REMEMBERED_STEMS) {
        stems.clear();
        // The stemmer's own memory of every word it has stemmed, which it never empties.
        stemmer.cache = {};
      }
      stem = stemmer.stemWord(word);
      stems.set(word, stem);
    }
    return stem;
  };

  const network = networkScorer(nlu, settings, intent);

  return (prepared) => {
    // The sentence's known stems, in the order nlp.js would hold them; unknown ones weigh nothing.
    const features: Record<string, number> = {};
    let unknown = false;
    for (const word of tokensOf(prepared)) {
      const stem = word ? stemOf(word) : null;
      if (!stem) continue;
      const token = stem.trim();
      if (nlu.features[token]) features[token] = 1;
      else unknown = true;
    }
    // A training sentence's stems are all known, so only a sentence without unknown ones can match one exactly.
    if (domainSettings.useStemDict && !unknown) {
      const exact = domains.stemDict[Object.keys(features).sort().join()];
      if (exact) return exact.intent === intent ? 1 : 0;
    }
    if (network) return network(features);
    const input = { settings, tokens: features, classifications: [] as Classified['classifications'] };
    nlu.innerProcess(input);
    nlu.filterNonActivated(input);
    nlu.normalizeClassifications(input);
    return input.classifications.find((c) => c.intent === intent)?.score ?? 0;
  };
}

type Scored = { intent: string; score: number };
const byScoreDescending = (a: Scored, b: Scored) => b.score - a.score;

/**
 * nlp.js's steps after the features (`innerProcess`: the network's `transformInput` and each
 * perceptron's sum, `convertToArray`; then `filterNonActivated` and
 * `normalizeClassifications`) as one loop over plain arrays: the same sums in the same order,
 * the same sorts, so the same doubles, without the objects and closures each step makes per
 * sentence (since short texts are scored on the thread that answers requests, these count).
 * Null for a network it does not cover: the caller then takes nlp.js's steps.
 */
function networkScorer(nlu: IntentNlu, settings: Settings, intent: string) {
  const network = nlu.neuralNetwork;
  if (!network?.numPerceptrons || settings.returnExplanation) return null;
  const { perceptrons } = network;
  const { alpha } = network.settings;
  const inputIndex = network.lookup.inputLookup.dict;
  const intentFeatures = nlu.intentFeatures;
  // convertToArray's order of intents, which it works out once and keeps.
  const intents = nlu.intents
    ? [...Object.keys(nlu.intents), ...(nlu.intents.None ? [] : ['None'])]
    : perceptrons.map((perceptron) => perceptron.name);
  const filterZeros = Boolean(settings.filterZeros);
  const outputs = new Map<string, number>();

  return (features: Record<string, number>): number => {
    // transformInput: the known features' inputs, in the order of Object.keys.
    const tokens = Object.keys(features);
    const inputs: number[] = [];
    const values: number[] = [];
    for (const token of tokens) {
      const index = inputIndex[token];
      if (index !== undefined) {
        inputs.push(index);
        values.push(features[token]);
      }
    }
    for (const perceptron of perceptrons) {
      let sum = perceptron.bias;
      for (let i = 0; i < inputs.length; i += 1) sum += values[i] * perceptron.weights[inputs[i]];
      outputs.set(perceptron.name, sum <= 0 ? 0 : alpha * sum);
    }
    let classifications: Scored[] = [];
    for (const name of intents) {
      const score = outputs.get(name);
      if (score !== undefined && (score > 0 || !filterZeros)) classifications.push({ intent: name, score });
    }
    if (classifications.length === 0) classifications = [{ intent: 'None', score: 1 }];
    classifications.sort(byScoreDescending);
    if (intentFeatures) {
      let modified = false;
      for (const classification of classifications) {
        if (classification.intent === 'None') continue;
        const known = intentFeatures[classification.intent];
        if (!known || !tokens.some((token) => known[token])) {
          classification.score = 0;
          modified = true;
        }
      }
      if (modified) classifications.sort(byScoreDescending);
    }
    let total = 0;
    for (const classification of classifications) {
      classification.score **= 2;
      total += classification.score;
    }
    let score = 0;
    for (const classification of classifications)
      if (classification.intent === intent) {
        score = total > 0 ? classification.score / total : classification.score;
        break;
      }
    return score;
  };
}
