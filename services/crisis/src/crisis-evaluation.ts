import evaluation from './corpus/evaluation.json';

/** A corpus category: its phrases, and whether they are suicide risk (`risk`) or not. */
export type CorpusCategory = { readonly category: string; readonly risk: boolean; readonly phrases: readonly string[] };

/** The held-apart evaluation corpus (./corpus/evaluation.json): different sentences from the training corpus, by category. */
export const EVALUATION_CORPUS: readonly CorpusCategory[] = evaluation;

/**
 * What each category must reach (issue 22): recall on risk categories, at least 98% on
 * direct statements and 95% on every indirect and means category; false alarms on the
 * others, at most 3% on everyday talk and idioms, 5% on first-responder talk and on
 * family stories.
 */
export function targetOf({ category, risk }: Pick<CorpusCategory, 'category' | 'risk'>): number {
  if (risk) return category === 'direct' ? 0.98 : 0.95;
  return category === 'everyday' || category === 'idioms' ? 0.03 : 0.05;
}

export type CategoryFigures = {
  category: string;
  risk: boolean;
  phrases: number;
  flagged: number;
  rate: number;
  target: number;
  met: boolean;
  missed: string[];
};

/** Each category's figures: recall (flagged / phrases) for risk, false alarms for the others. */
export async function evaluateCrisisDetector(
  isCrisis: (text: string) => Promise<boolean>,
  corpus: readonly CorpusCategory[] = EVALUATION_CORPUS,
): Promise<CategoryFigures[]> {
  return Promise.all(
    corpus.map(async ({ category, risk, phrases }) => {
      const answers = await Promise.all(phrases.map((phrase) => isCrisis(phrase)));
      const flagged = answers.filter(Boolean).length;
      const rate = flagged / phrases.length;
      const target = targetOf({ category, risk });
      return {
        category,
        risk,
        phrases: phrases.length,
        flagged,
        rate,
        target,
        met: risk ? rate >= target : rate <= target,
        missed: phrases.filter((_, i) => answers[i] !== risk),
      };
    }),
  );
}

/** The figures as a table, one line per category. */
export function evaluationTable(figures: readonly CategoryFigures[]): string {
  const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`;
  const lines = figures.map((f) =>
    [
      f.category.padEnd(22),
      (f.risk ? 'recall' : 'false alarms').padEnd(13),
      `${f.flagged}/${f.phrases}`.padStart(7),
      pct(f.rate).padStart(7),
      `${f.risk ? '>=' : '<='} ${pct(f.target)}`.padStart(9),
      f.met ? ' met' : ' MISSED',
    ].join(' '),
  );
  return [
    `${'category'.padEnd(22)} ${'measure'.padEnd(13)} ${'flagged'.padStart(7)} ${'rate'.padStart(7)} ${'target'.padStart(9)}`,
    ...lines,
  ].join('\n');
}
