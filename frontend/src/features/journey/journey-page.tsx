import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { JOURNEY_STEP_COUNT } from '@reflections/contracts/onboarding';
import { useEffect, useReducer, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useBlocker, useNavigate } from 'react-router-dom';
import { api, errorBody, errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { FirstNameStep } from './first-name-step';
import { useRegisterMutation } from './journey-api';
import { canAdvance, journeyMachine, registrationOf } from './journey-machine';
import { forgetJourney, journeyInProgress, keepJourney, restoreJourney } from './journey-storage';
import { JourneyStepsView } from './journey-steps-view';
import { LeaveJourneyDialog } from './leave-journey-dialog';
import { registrationErrorNotice } from './registration-error';
import { useEnterToProceed } from './use-enter-to-proceed';

/** Spec 000 §2, §4: the onboarding questionnaire that ends in a new account. */
export default function JourneyPage() {
  const [state, send] = useReducer(journeyMachine, undefined, restoreJourney);
  const created = useRef(false);
  useEffect(() => {
    if (!created.current) keepJourney(state);
  }, [state]);
  // A link away mid-journey asks first; the answers would survive, but the person may not know that.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !created.current && journeyInProgress(state) && currentLocation.pathname !== nextLocation.pathname);
  const [register, { isLoading: creating }] = useRegisterMutation();
  // The store's own type lives in src/app, which features do not import; RTK Query's thunks need no more.
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const navigate = useNavigate();
  const { toast } = useToast();

  const createAccount = async () => {
    try {
      await register(registrationOf(state)).unwrap();
      created.current = true;
      forgetJourney();
      // The refetch of the current user must land before the dashboard's guard asks who is signed in.
      await Promise.all(dispatch(api.util.getRunningQueriesThunk()));
      toast({ title: 'Account Created', description: `Welcome, ${state.firstName.trim()}. Your reflection starts here.`, variant: 'success' });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      const notice = registrationErrorNotice({ message: errorMessage(error), data: errorBody(error) });
      toast({ title: notice.title, description: notice.description, variant: 'error' });
      if (notice.step !== null) send({ type: 'returnedTo', step: notice.step });
    }
  };

  const proceed = () => {
    if (!canAdvance(state) || creating) return;
    if (state.step === JOURNEY_STEP_COUNT) void createAccount();
    else send({ type: 'advanced' });
  };
  useEnterToProceed(proceed);

  return (
    <>
      {state.step === 1 ? (
        <FirstNameStep state={state} send={send} onProceed={proceed} />
      ) : (
        <JourneyStepsView state={state} send={send} onProceed={proceed} creating={creating} />
      )}
      <LeaveJourneyDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </>
  );
}
