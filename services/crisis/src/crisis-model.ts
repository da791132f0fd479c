import { type Container, containerBootstrap } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en-min';
import { Nlp } from '@nlpjs/nlp';
import nlpCorePackage from '@nlpjs/core/package.json';
import nlpPackage from '@nlpjs/nlp/package.json';
import nlpEnglishPackage from '@nlpjs/lang-en-min/package.json';
import trainingCorpus from './corpus/training.json';
import { namesSuicideOfOneself } from './explicit-language';
import { sentenceScorer } from './sentence-scorer';
import { trainedModelCache } from './trained-model-cache';

/** The parts of nlp.js's Nlp the training and the reference scoring use. */
export type NlpEngine = {
  settings: Record<string, unknown>;
  nluManager: { settings: Record<string, unknown> };
  addLanguage(locale: string): void;
  addDocument(locale: string, utterance: string, intent: string): void;
  train(): Promise<void>;
  export(minified: boolean): string;
  import(model: string): void;
  classify(locale: string, utterance: string): Promise<{ classifications: { intent: string; score: number }[] }>;
};

/** A trained model: nlp.js's engine and the container holding its language parts. */
export type TrainedCrisisModel = { readonly nlp: NlpEngine; readonly container: Container };

export const CRISIS = 'crisis';
const SAFE = 'safe';
/** A sentence whose crisis score passes this is treated as crisis language; chosen from the evaluation corpus figures (recall first). */
export const CRISIS_THRESHOLD = 0.25;

/**
 * Adds word pairs as extra tokens ("kill me" also gives "killxme"), so the bag-of-words
 * model can tell "kill me" from "kill myself" and "to death" from "death".
 */
export function withWordPairs(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const pairs = words.slice(1).map((word, i) => `${words[i]}x${word}`);
  return [...words, ...pairs].join(' ');
}

/** Splits an entry into sentences, so one crisis sentence in a long entry is not diluted by the rest. */
function sentences(text: string): string[] {
  const parts = text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  return parts.length > 0 ? parts : [text];
}

/** The model's cache for this corpus, this nlp.js and this training code, where the environment names a directory for it. */
function modelCache(directory: string) {
  return trainedModelCache(
    directory,
    JSON.stringify(trainingCorpus),
    ...[nlpCorePackage, nlpPackage, nlpEnglishPackage].map((found) => `${found.name}@${found.version}`),
    trainNlpModel.toString(),
    withWordPairs.toString(),
    sentences.toString(),
  );
}

/** nlp.js's engine with English, nothing trained or imported yet. */
async function untrainedModel(): Promise<TrainedCrisisModel> {
  const container = await containerBootstrap();
  container.use(Nlp);
  container.use(LangEn);
  const nlp = container.get('nlp') as NlpEngine;
  nlp.settings.autoSave = false;
  nlp.nluManager.settings.log = false;
  nlp.addLanguage('en');
  return { nlp, container };
}

/** A model another thread trained, from its `nlp.export(true)`. */
export async function importedNlpModel(exported: string): Promise<TrainedCrisisModel> {
  const model = await untrainedModel();
  model.nlp.import(exported);
  return model;
}

/**
 * An nlp.js neural intent model trained on the phrase corpus in ./corpus/training.json, by
 * category (crisis statements direct and indirect, means and access, against everyday
 * hardship, idioms like "this workout is killing me", first-responder talk and family
 * stories). Works offline; training takes about a second. With a cache directory (the test
 * run's, see trained-model-cache.ts) a model trained there before is read instead.
 */
export async function trainNlpModel(
  cacheDirectory: string | undefined = process.env.CRISIS_MODEL_CACHE_DIR,
): Promise<TrainedCrisisModel> {
  const { nlp, container } = await untrainedModel();
  const cache = cacheDirectory ? modelCache(cacheDirectory) : null;
  const cached = cache?.read();
  if (cached) {
    nlp.import(cached);
    return { nlp, container };
  }
  // Trained on sentences, as it is asked about sentences: a story answer's sentences are each harmless.
  for (const { risk, phrases } of trainingCorpus)
    for (const phrase of phrases)
      for (const sentence of sentences(phrase)) nlp.addDocument('en', withWordPairs(sentence), risk ? CRISIS : SAFE);
  await nlp.train();
  cache?.write(nlp.export(true));
  return { nlp, container };
}

/** A sentence's crisis score the way nlp.js's own `classify` gives it: the reference the scorer in use is held to. */
export function classifiedByNlp({ nlp }: TrainedCrisisModel): (prepared: string) => Promise<number> {
  return async (prepared) =>
    (await nlp.classify('en', prepared)).classifications.find((c) => c.intent === CRISIS)?.score ?? 0;
}

/**
 * The local crisis classifier: trains the model (once per call; callers share the promise)
 * and answers a text's highest sentence crisis score. Sentences are scored by
 * sentence-scorer.ts, which gives nlp.js's own scores without its per-call costs; where the
 * model's settings are ones that scorer does not cover, by nlp.js's `classify`.
 */
export async function trainCrisisModel(
  model?: Promise<TrainedCrisisModel>,
): Promise<(text: string) => Promise<number>> {
  const trained = await (model ?? trainNlpModel());
  const inOneGo = textScorer(trained);
  if (inOneGo) return async (text) => inOneGo(text);
  const score = classifiedByNlp(trained);
  return async (text) => {
    let highest = 0;
    for (const sentence of sentences(text))
      highest = Math.max(highest, namesSuicideOfOneself(sentence) ? 1 : await score(withWordPairs(sentence)));
    return highest;
  };
}

/** A text's highest sentence crisis score, worked out synchronously; null where only nlp.js's `classify` can score this model. */
export function textScorer(model: TrainedCrisisModel): ((text: string) => number) | null {
  const direct = sentenceScorer(model.container, CRISIS);
  if (!direct) return null;
  return (text) => {
    let highest = 0;
    for (const sentence of sentences(text))
      highest = Math.max(highest, namesSuicideOfOneself(sentence) ? 1 : direct(withWordPairs(sentence)));
    return highest;
  };
}
