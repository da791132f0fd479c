import { JOURNEY_STEP_COUNT } from '@reflections/contracts/onboarding';
import { initialJourneyState, initialMemberJourneyState, type Answer, type JourneyState } from './journey-machine';
import { stepOf, stepsOf } from './journey-steps';

/**
 * The journey survives a reload in the same tab: everything but the password is kept in
 * session storage until the account exists. The password never leaves memory, so a reload
 * after it was typed returns to the password step.
 */
const KEY = 'reflections.journey';

/**
 * Whose journey is kept: a visitor's (null), or a signed-in member's (his id; issue 25), under
 * a key that names him, so two people sharing a tab never see each other's answers.
 */
export type JourneyOwner = string | null;

const keyOf = (owner: JourneyOwner) => (owner ? `${KEY}.${owner}` : KEY);

type StoredJourney = Omit<JourneyState, 'password'>;

const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));

function decode(raw: unknown): StoredJourney | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const s = raw as Record<string, unknown>;
  const answers = s.answers;
  if (
    (s.phase !== 'intro' && s.phase !== 'steps') ||
    typeof s.step !== 'number' ||
    !Number.isInteger(s.step) ||
    s.step < 1 ||
    s.step > JOURNEY_STEP_COUNT ||
    typeof s.firstName !== 'string' ||
    typeof s.email !== 'string' ||
    typeof s.acceptedTerms !== 'boolean' ||
    typeof answers !== 'object' ||
    answers === null ||
    !Object.values(answers).every(isAnswer)
  ) {
    return null;
  }
  return {
    phase: s.phase,
    step: s.step,
    firstName: s.firstName,
    email: s.email,
    acceptedTerms: s.acceptedTerms,
    answers: answers as Record<string, Answer>,
  };
}

const PASSWORD_STEP = stepOf('password') ?? JOURNEY_STEP_COUNT;

/** The journey as this tab left it, or a fresh one. */
export function restoreJourney(owner: JourneyOwner = null): JourneyState {
  const initial = owner ? initialMemberJourneyState : initialJourneyState;
  const { first, last } = stepsOf(owner ? 'member' : 'visitor');
  try {
    const stored = decode(JSON.parse(window.sessionStorage.getItem(keyOf(owner)) ?? 'null'));
    if (!stored) return initial;
    return {
      ...stored,
      phase: owner ? 'steps' : stored.phase,
      step: Math.max(first, Math.min(stored.step, PASSWORD_STEP, last)),
      password: '',
    };
  } catch {
    return initial;
  }
}

export function keepJourney(state: JourneyState, owner: JourneyOwner = null) {
  const { password: _never, ...kept } = state;
  try {
    window.sessionStorage.setItem(keyOf(owner), JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, full): the journey still works, it just does not survive a reload.
  }
}

/** Once the account exists (or the member's answers are recorded) the answers live on the server; the tab forgets them. */
export function forgetJourney(owner: JourneyOwner = null) {
  try {
    window.sessionStorage.removeItem(keyOf(owner));
  } catch {
    // Nothing was kept.
  }
}

/** Whether leaving now would walk away from answers given (the intro alone is nothing to lose). */
export const journeyInProgress = (state: JourneyState) =>
  state.phase === 'steps' && (state.firstName.trim() !== '' || Object.keys(state.answers).length > 0);
