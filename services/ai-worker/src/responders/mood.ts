import { DEFAULT_DETECTED_MOOD, type DetectedMood, type Mood } from '@reflections/contracts/rai';

/**
 * Word stems that signal each of the nine moods. A stem matches any word it begins
 * ("overwhelm" matches "overwhelmed", "overwhelming"). Phrases are matched as written.
 */
const MOOD_SIGNALS: Record<Mood, readonly string[]> = {
  calm: [
    'calm',
    'peace',
    'peaceful',
    'relax',
    'settled',
    'steady',
    'quiet',
    'still',
    'at ease',
    'centered',
    'centred',
    'content',
    'rested',
    'serene',
  ],
  anxious: [
    'anxi',
    'worr',
    'nervous',
    'panic',
    'scared',
    'afraid',
    'fear',
    'dread',
    'uneasy',
    'on edge',
    'restless',
    'tense',
    'what if',
    "can't stop thinking",
    'racing',
  ],
  hopeful: [
    'hope',
    'optimis',
    'looking forward',
    'better tomorrow',
    'getting better',
    'turning a corner',
    'excited about',
    'new start',
    'fresh start',
    'possib',
    'could work',
  ],
  frustrated: [
    'frustrat',
    'angry',
    'anger',
    'annoy',
    'irritat',
    'pissed',
    'mad at',
    'fed up',
    'sick of',
    'furious',
    'resent',
    'unfair',
    'rage',
    'snapped',
  ],
  sad: [
    'sad',
    'down',
    'lonely',
    'alone',
    'grief',
    'griev',
    'miss ',
    'lost my',
    'heartbr',
    'cry',
    'cried',
    'tears',
    'empty',
    'hurt',
    'depress',
    'low',
    'blue',
    'numb',
  ],
  grateful: ['grateful', 'gratitude', 'thankful', 'thank', 'blessed', 'appreciat', 'lucky', 'glad'],
  confused: [
    'confus',
    'unsure',
    'not sure',
    "don't know",
    'dont know',
    'lost',
    'torn',
    'mixed',
    'unclear',
    'stuck',
    'which way',
    'makes no sense',
    'conflicted',
  ],
  energized: [
    'energ',
    'pumped',
    'motivat',
    'fired up',
    'alive',
    'strong',
    'crushed it',
    'ready',
    'driven',
    'productive',
    'buzzing',
    'great workout',
  ],
  overwhelmed: [
    'overwhelm',
    'too much',
    'drowning',
    'swamped',
    'buried',
    'exhaust',
    'burn',
    'burnt out',
    'burned out',
    "can't keep up",
    'cant keep up',
    'spread thin',
    'no time',
    'pressure',
    'stress',
  ],
};

const NEGATIONS = new Set(['not', 'never', "don't", 'dont', "isn't", "wasn't", 'no']);

/** Scores every mood by its signals in the text; the strongest wins, 'contemplative' when none shows. */
export function detectMood(text: string): DetectedMood {
  const lower = ` ${text.toLowerCase().replace(/[’]/g, "'")} `;
  const words = lower.split(/[^a-z']+/).filter(Boolean);
  let best: DetectedMood = DEFAULT_DETECTED_MOOD;
  let bestScore = 0;
  for (const [mood, signals] of Object.entries(MOOD_SIGNALS) as [Mood, readonly string[]][]) {
    let score = 0;
    for (const signal of signals) {
      if (signal.includes(' ') || signal.endsWith(' ')) {
        if (lower.includes(signal)) score += 1.5;
        continue;
      }
      words.forEach((word, i) => {
        if (!word.startsWith(signal)) return;
        const negated = NEGATIONS.has(words[i - 1] ?? '') || NEGATIONS.has(words[i - 2] ?? '');
        score += negated ? -0.5 : 1;
      });
    }
    if (score > bestScore) {
      best = mood;
      bestScore = score;
    }
  }
  return best;
}
