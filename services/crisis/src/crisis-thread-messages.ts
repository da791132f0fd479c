/** Texts sent to the classifier thread together (see classifierThread), under an id of the sender's. */
export type AskedScores = { readonly id: number; readonly texts: readonly string[] };

/** Their highest sentence crisis scores, in their order, or why the thread could not score them. */
export type ScoresAnswer =
  | { readonly id: number; readonly scores: readonly number[]; readonly error?: undefined }
  | { readonly id: number; readonly scores?: undefined; readonly error: string };

/** The model the thread trained, exported (nlp.js's minified JSON), sent once: short texts are scored where they are asked. */
export type TrainedModelMessage = { readonly trainedModel: string };
