/// <reference path="./nlpjs.d.ts" />
import { containerBootstrap } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en-min';
import { Nlp } from '@nlpjs/nlp';
import trainingCorpus from './corpus/training.json';

type NlpEngine = {
  settings: Record<string, unknown>;
  addLanguage(locale: string): void;
  addDocument(locale: string, utterance: string, intent: string): void;
  train(): Promise<void>;
  classify(locale: string, utterance: string): Promise<{ classifications: { intent: string; score: number }[] }>;
};

const CRISIS = 'crisis';
const SAFE = 'safe';
/** A sentence whose crisis score passes this is treated as crisis language; chosen from the evaluation corpus figures (recall first). */
export const CRISIS_THRESHOLD = 0.2;

/**
 * Adds word pairs as extra tokens ("kill me" also gives "killxme"), so the bag-of-words
 * model can tell "kill me" from "kill myself" and "to death" from "death".
 */
function withWordPairs(text: string): string {
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

/**
 * The local crisis classifier: an nlp.js neural intent model trained at start on the
 * phrase corpus in ./corpus/training.json (crisis statements, direct and indirect,
 * against everyday hardship and idioms like "this workout is killing me"). Works offline.
 * Training takes a moment; the promise is shared, so it happens once per process.
 */
export async function trainCrisisModel(): Promise<(text: string) => Promise<number>> {
  const container = await containerBootstrap();
  container.use(Nlp);
  container.use(LangEn);
  const nlp = container.get('nlp') as NlpEngine;
  nlp.settings.autoSave = false;
  (nlp as unknown as { nluManager: { settings: Record<string, unknown> } }).nluManager.settings.log = false;
  nlp.addLanguage('en');
  for (const phrase of trainingCorpus.crisis) nlp.addDocument('en', withWordPairs(phrase), CRISIS);
  for (const phrase of trainingCorpus.safe) nlp.addDocument('en', withWordPairs(phrase), SAFE);
  await nlp.train();
  return async (text) => {
    let highest = 0;
    for (const sentence of sentences(text)) {
      const result = await nlp.classify('en', withWordPairs(sentence));
      const score = result.classifications.find((c) => c.intent === CRISIS)?.score ?? 0;
      highest = Math.max(highest, score);
    }
    return highest;
  };
}
