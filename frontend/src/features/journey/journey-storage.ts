import { JOURNEY_STEP_COUNT } from '@reflections/contracts/onboarding';
import { initialJourneyState, type Answer, type JourneyState } from './journey-machine';
import { stepOf } from './journey-steps';

/**
 * The journey survives a reload in the same tab: everything but the password is kept in
 * session storage until the account exists. The password never leaves memory, so a reload
 * after it was typed returns to the password step.
 */
const KEY = 'reflections.journey';

type StoredJourney = Omit<JourneyState, 'password'>;

const isAnswer = (value: unknown): value is Answer => typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));

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
  return { phase: s.phase, step: s.step, firstName: s.firstName, email: s.email, acceptedTerms: s.acceptedTerms, answers: answers as Record<string, Answer> };
}

const PASSWORD_STEP = stepOf('password') ?? JOURNEY_STEP_COUNT;

/** The journey as this tab left it, or a fresh one. */
export function restoreJourney(): JourneyState {
  try {
    const stored = decode(JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null'));
    if (!stored) return initialJourneyState;
    return { ...stored, step: Math.min(stored.step, PASSWORD_STEP), password: '' };
  } catch {
    return initialJourneyState;
  }
}

export function keepJourney(state: JourneyState) {
  const { password: _never, ...kept } = state;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, full): the journey still works, it just does not survive a reload.
  }
}

/** Once the account exists the answers live on the server; the tab forgets them. */
export function forgetJourney() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Whether leaving now would walk away from answers given (the intro alone is nothing to lose). */
export const journeyInProgress = (state: JourneyState) => state.phase === 'steps' && (state.step > 1 || state.firstName.trim() !== '');
