export type BreathRhythm = {
  readonly id: 'steady' | 'settle';
  readonly name: string;
  readonly inhaleSeconds: number;
  readonly exhaleSeconds: number;
  readonly purpose: string;
};

/** The two SIT rhythms (docs/product.md#public-pages): 5 s in / 5 s out, then 5 s in / 10 s out. */
export const SIT_RHYTHMS: readonly [BreathRhythm, BreathRhythm] = [
  {
    id: 'steady',
    name: 'Steady',
    inhaleSeconds: 5,
    exhaleSeconds: 5,
    purpose: 'Evens out your breathing and your attention.',
  },
  {
    id: 'settle',
    name: 'Settle',
    inhaleSeconds: 5,
    exhaleSeconds: 10,
    purpose: 'The long out-breath tells your body it is safe to slow down.',
  },
];

/** Breaths of the steady rhythm (one minute) before the practice moves on to the settling one. */
export const STEADY_BREATHS = 6;

export type BreathState = {
  /** Started at least once since the last reset. */
  readonly begun: boolean;
  readonly running: boolean;
  readonly rhythm: 0 | 1;
  readonly phase: 'in' | 'out';
  /** Whole seconds already spent in this phase. */
  readonly elapsed: number;
  readonly breaths: number;
};

export type BreathAction =
  | { readonly type: 'started' }
  | { readonly type: 'paused' }
  | { readonly type: 'reset' }
  | { readonly type: 'ticked' }
  | { readonly type: 'rhythmChosen'; readonly rhythm: 0 | 1 };

export const initialBreathState: BreathState = {
  begun: false,
  running: false,
  rhythm: 0,
  phase: 'in',
  elapsed: 0,
  breaths: 0,
};

export const phaseSeconds = (state: BreathState) => {
  const rhythm = SIT_RHYTHMS[state.rhythm];
  return state.phase === 'in' ? rhythm.inhaleSeconds : rhythm.exhaleSeconds;
};

function ticked(state: BreathState): BreathState {
  const elapsed = state.elapsed + 1;
  if (elapsed < phaseSeconds(state)) return { ...state, elapsed };
  if (state.phase === 'in') return { ...state, phase: 'out', elapsed: 0 };
  const breaths = state.breaths + 1;
  const moveOn = state.rhythm === 0 && breaths >= STEADY_BREATHS;
  return { ...state, phase: 'in', elapsed: 0, breaths: moveOn ? 0 : breaths, rhythm: moveOn ? 1 : state.rhythm };
}

export function breathReducer(state: BreathState, action: BreathAction): BreathState {
  switch (action.type) {
    case 'started':
      return { ...state, begun: true, running: true };
    case 'paused':
      return { ...state, running: false };
    case 'reset':
      return initialBreathState;
    case 'ticked':
      return state.running ? ticked(state) : state;
    case 'rhythmChosen':
      return { ...state, rhythm: action.rhythm, phase: 'in', elapsed: 0, breaths: 0 };
  }
}
