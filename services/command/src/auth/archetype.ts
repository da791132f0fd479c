import { ARCHETYPE_IDS, DEFAULT_ARCHETYPE, type ArchetypeId } from '@reflections/contracts/archetypes';
import type { OnboardingAnswers } from '@reflections/contracts/identity';

type Weights = Partial<Record<ArchetypeId, number>>;

/**
 * How each journey answer leans toward an archetype. The rule, in full:
 * 1. every chosen answer below adds its weights (presence in a room and core drive
 *    count double, since they say most about how a man shows up);
 * 2. the two female-coded archetypes are the counterparts of two male-coded ones:
 *    for gender Female, The Good Guy / Saint scores as The Good Girl / Saint and
 *    The Provider as The Mother; for Male, the other way round;
 * 3. the highest score wins; a tie goes to the archetype listed first in ARCHETYPE_IDS;
 * 4. with no score at all, The Peacemaker (the specification's default).
 * Free-text answers never count, so the result depends only on choices.
 */
const LEANINGS: Partial<Record<keyof OnboardingAnswers, Record<string, Weights>>> = {
  presenceInRoom: {
    lead: { boss: 2, warrior: 1 },
    observe: { 'lone-wolf': 2, judge: 1 },
    adapt: { chameleon: 3 },
    help: { caretaker: 2, 'good-guy': 1 },
    smooth: { peacemaker: 3 },
    guard: { warrior: 2, fighter: 1 },
  },
  coreDrive: {
    provide: { provider: 3 },
    freedom: { 'lone-wolf': 3 },
    justice: { judge: 3 },
    belonging: { chameleon: 2, 'good-guy': 1 },
    achievement: { boss: 3 },
    protect: { warrior: 2, provider: 1 },
    harmony: { peacemaker: 3 },
    care: { caretaker: 2, mother: 1 },
  },
  voiceInHead: {
    critic: { judge: 2 },
    coach: { warrior: 1, boss: 1 },
    worrier: { provider: 1, caretaker: 1 },
    quiet: { 'lone-wolf': 1 },
    friend: { peacemaker: 1 },
  },
  emotionRegulation: {
    'push-down': { provider: 1, warrior: 1 },
    withdraw: { 'lone-wolf': 2 },
    fight: { fighter: 3 },
    'fix-others': { caretaker: 2 },
    talk: { peacemaker: 1, 'good-guy': 1 },
    move: { warrior: 1, fighter: 1 },
  },
  invisibleWeight: {
    providing: { provider: 2 },
    expectations: { 'good-guy': 2, chameleon: 1 },
    loneliness: { 'lone-wolf': 2 },
    past: { fighter: 1, judge: 1 },
    'keeping-everyone-okay': { caretaker: 1, peacemaker: 1 },
    anger: { fighter: 2 },
  },
  innerStrength: {
    loyalty: { provider: 1, 'good-guy': 1 },
    resilience: { warrior: 1, fighter: 1 },
    empathy: { caretaker: 1, mother: 1 },
    discipline: { boss: 1, warrior: 1 },
    integrity: { judge: 2 },
    adaptability: { chameleon: 2 },
  },
  emotionalWall: {
    'looking-weak': { warrior: 1, fighter: 1 },
    trust: { 'lone-wolf': 2 },
    'no-time': { boss: 1, provider: 1 },
    burden: { 'good-guy': 2 },
    control: { boss: 2 },
    judgment: { chameleon: 1, judge: 1 },
  },
};

const DOUBLED: ReadonlySet<keyof OnboardingAnswers> = new Set(['presenceInRoom', 'coreDrive']);

const COUNTERPARTS: Record<'Male' | 'Female', Partial<Record<ArchetypeId, ArchetypeId>>> = {
  Female: { 'good-guy': 'good-girl', provider: 'mother' },
  Male: { 'good-girl': 'good-guy', mother: 'provider' },
};

export function assignArchetype(answers: OnboardingAnswers): ArchetypeId {
  const scores = new Map<ArchetypeId, number>();
  const counterparts = COUNTERPARTS[answers.gender === 'Female' ? 'Female' : 'Male'];
  for (const [field, byChoice] of Object.entries(LEANINGS) as [keyof OnboardingAnswers, Record<string, Weights>][]) {
    const chosen = answers[field];
    const weights = typeof chosen === 'string' ? byChoice[chosen] : undefined;
    if (!weights) continue;
    const factor = DOUBLED.has(field) ? 2 : 1;
    for (const [archetype, weight] of Object.entries(weights) as [ArchetypeId, number][]) {
      const counted = counterparts[archetype] ?? archetype;
      scores.set(counted, (scores.get(counted) ?? 0) + weight * factor);
    }
  }
  let best: ArchetypeId = DEFAULT_ARCHETYPE;
  let bestScore = 0;
  for (const id of ARCHETYPE_IDS) {
    const score = scores.get(id) ?? 0;
    if (score > bestScore) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}
