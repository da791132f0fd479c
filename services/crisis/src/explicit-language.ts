/**
 * Words that name suicide or self-harm outright, said of oneself: they count as crisis
 * language whatever the classifier scores. The classifier is a bag of words trained on a
 * few thousand phrases and can miss a plain sentence whose other words it has only seen in
 * harmless ones ("I'm going to commit suicide after the holidays" scored 0 with it); these
 * patterns cannot. Each one stays narrow: first person, and not the work talk of a first
 * responder ("a suicide call"), someone else's death ("he took his own life") or an idiom
 * ("so embarrassed I wanted to die").
 */
const EXPLICIT = [
  /\b(kill|killing|hang|hanging|shoot|shooting|harm|harming|end|ending)\s+myself\b/,
  /\b(commit|committing|attempt|attempted|attempting)\s+suicide\b/,
  /\bsuicidal\b/,
  /\b(thoughts?|thinking|think|thought)\s+(of|about)\s+suicide\b/,
  /\bmy\s+suicide\b/,
  /\b(end|take|ending|taking|took)\s+my\s+(own\s+)?life\b/,
  /\b(want|wanted|wanting)\s+to\s+die\b/,
  /\b(do not|don't|dont)\s+want\s+to\s+(live|be alive)\b/,
  /\bbetter\s+off\s+(dead|without\s+me)\b/,
];
/** Someone else's death, a first responder's call, or an idiom: the explicit words are not said of oneself. */
const NOT_OF_ONESELF =
  /\b(he|she|they|his|their)\b|\bsuicide\s+(call|scene|prevention|hotline|training|awareness|rates?)\b|\bdied\s+by\s+suicide\b|embarrass|mortif|laugh|bored|boredom|shame/;
const FIRST_PERSON = /\b(i|im|ive|id|ill|me|my|myself)\b/;

/** True when a sentence names suicide or self-harm outright, of the one writing it. */
export function namesSuicideOfOneself(sentence: string): boolean {
  const text = sentence.toLowerCase().replace(/[’']/g, '');
  return FIRST_PERSON.test(text) && !NOT_OF_ONESELF.test(text) && EXPLICIT.some((pattern) => pattern.test(text));
}
