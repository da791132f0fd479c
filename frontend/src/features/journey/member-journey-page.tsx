import { ARCHETYPES } from '@reflections/contracts/archetypes';
import { MESSAGES } from '@reflections/contracts/identity';
import { useNavigate } from 'react-router-dom';
import { errorBody, errorStatus } from '../../lib/api';
import { serverFields, serverMessage } from '../../lib/server-message';
import { useToast } from '../../lib/toast';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { useRecordJourneyAnswersMutation } from './journey-api';
import { answersOf, type JourneyState } from './journey-machine';
import { stepOf } from './journey-steps';
import { JourneyStepsView } from './journey-steps-view';
import { LeaveJourneyDialog } from './leave-journey-dialog';
import { useJourney } from './use-journey';

/**
 * Issue 25: the journey of a signed-in member registered without answers (an admin made by
 * `admin:create`, an account from an earlier sign-in provider). Only the questions: he has a
 * name, an email and a password. It ends on the dashboard, with his archetype and insights.
 */
export default function MemberJourneyPage() {
  const { user } = useCurrentUser();
  // The guard lets only a signed-in member in; his id names the answers kept in the tab.
  return user ? <MemberJourney key={user.id} memberId={user.id} /> : null;
}

function MemberJourney({ memberId }: { readonly memberId: string }) {
  const [record, { isLoading: saving }] = useRecordJourneyAnswersMutation();
  const navigate = useNavigate();
  const { toast } = useToast();

  const saveAnswers = async (state: JourneyState, completed: () => void) => {
    try {
      const { archetype } = await record(answersOf(state)).unwrap();
      completed();
      toast({
        title: 'Your journey is complete',
        description: `Your archetype: ${ARCHETYPES[archetype].title}. Your insights are on your dashboard.`,
        variant: 'success',
      });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      const body = errorBody(error);
      if (errorStatus(error) === 409) {
        // Answered already (in another tab, say): nothing here is lost, the dashboard has them.
        completed();
        toast({ title: serverMessage(body, MESSAGES.journeyAnswered), variant: 'info' });
        navigate('/dashboard', { replace: true });
        return;
      }
      toast({
        title: 'Your answers were not saved',
        description: serverMessage(body, 'Please try again.'),
        variant: 'error',
      });
      const [refused] = Object.keys(serverFields(body));
      const step = refused ? stepOf(refused) : null;
      if (step !== null) send({ type: 'returnedTo', step });
    }
  };

  const { state, send, proceed, steps, blocker } = useJourney({
    owner: memberId,
    finish: saveAnswers,
    finishing: saving,
  });

  return (
    <>
      <JourneyStepsView
        state={state}
        send={send}
        onProceed={proceed}
        steps={steps}
        finishLabel="Save my answers"
        finishing={saving}
      />
      <LeaveJourneyDialog
        open={blocker.state === 'blocked'}
        savedWhen="They are saved to your profile when you finish."
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </>
  );
}
