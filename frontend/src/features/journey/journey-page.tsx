import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { api, errorBody, errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { FirstNameStep } from './first-name-step';
import { useRegisterMutation } from './journey-api';
import { registrationOf, type JourneyState } from './journey-machine';
import { JourneyStepsView } from './journey-steps-view';
import { LeaveJourneyDialog } from './leave-journey-dialog';
import { registrationErrorNotice } from './registration-error';
import { useJourney } from './use-journey';

/** docs/product.md#journey: the onboarding questionnaire that ends in a new account. */
export default function JourneyPage() {
  const [register, { isLoading: creating }] = useRegisterMutation();
  // The store's own type lives in src/app, which features do not import; RTK Query's thunks need no more.
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const navigate = useNavigate();
  const { toast } = useToast();

  const createAccount = async (state: JourneyState, completed: () => void) => {
    try {
      await register(registrationOf(state)).unwrap();
      completed();
      // The refetch of the current user must land before the dashboard's guard asks who is signed in.
      await Promise.all(dispatch(api.util.getRunningQueriesThunk()));
      toast({
        title: 'Account Created',
        description: `Welcome, ${state.firstName.trim()}. Your reflection starts here.`,
        variant: 'success',
      });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      const notice = registrationErrorNotice({ message: errorMessage(error), data: errorBody(error) });
      toast({ title: notice.title, description: notice.description, variant: 'error' });
      if (notice.step !== null) send({ type: 'returnedTo', step: notice.step });
    }
  };

  const { state, send, proceed, steps, blocker } = useJourney({
    owner: null,
    finish: createAccount,
    finishing: creating,
  });

  return (
    <>
      {state.step === 1 ? (
        <FirstNameStep state={state} send={send} onProceed={proceed} />
      ) : (
        <JourneyStepsView
          state={state}
          send={send}
          onProceed={proceed}
          steps={steps}
          finishLabel="Create my account"
          finishing={creating}
        />
      )}
      <LeaveJourneyDialog
        open={blocker.state === 'blocked'}
        savedWhen="Your account is not created until you finish."
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </>
  );
}
