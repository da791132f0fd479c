import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { canAdvance, journeyMachineFor, type JourneyState } from './journey-machine';
import { stepsOf } from './journey-steps';
import { forgetJourney, journeyInProgress, keepJourney, restoreJourney, type JourneyOwner } from './journey-storage';
import { useEnterToProceed } from './use-enter-to-proceed';

type JourneyOptions = {
  /** Whose journey: a visitor's (null), or a signed-in member's (his id), who answers only the questions. */
  readonly owner: JourneyOwner;
  /** Sends the answers once the last step is answered; calls `completed` once they are on the server, before it leads on. */
  readonly finish: (state: JourneyState, completed: () => void) => Promise<void>;
  readonly finishing: boolean;
};

/**
 * The journey's flow, for a visitor and for a signed-in member alike: the answers kept in the
 * tab until they are on the server, a question before a link leads away from them, and Enter
 * (or Next) moving on, on the last step finishing.
 */
export function useJourney({ owner, finish, finishing }: JourneyOptions) {
  const variant = owner ? 'member' : 'visitor';
  const steps = stepsOf(variant);
  const machine = useMemo(() => journeyMachineFor(stepsOf(variant)), [variant]);
  const [state, send] = useReducer(machine, owner, restoreJourney);
  const finished = useRef(false);
  useEffect(() => {
    if (!finished.current) keepJourney(state, owner);
  }, [state, owner]);
  // A link away mid-journey asks first; the answers would survive, but the person may not know that.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !finished.current && journeyInProgress(state) && currentLocation.pathname !== nextLocation.pathname,
  );

  const proceed = () => {
    if (!canAdvance(state) || finishing) return;
    if (state.step < steps.last) {
      send({ type: 'advanced' });
      return;
    }
    void finish(state, () => {
      finished.current = true;
      forgetJourney(owner);
    });
  };
  useEnterToProceed(proceed);

  return { state, send, proceed, steps, blocker };
}
