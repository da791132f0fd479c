import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MAX_STORY_ANSWER,
  STORY_MESSAGES,
  STORY_STEPS,
  UpdateStoryRequest,
  type StorySessionView,
} from '@reflections/contracts/story';
import { useState } from 'react';
import { CrisisResources } from '../../components/crisis-resources';
import { LimitedTextField, type TextLimit } from '../../components/limited-text-field';
import { PanelCard } from '../../components/panel-card';
import { errorBody } from '../../lib/api';
import { serverFields, serverMessage } from '../../lib/server-message';
import { useToast } from '../../lib/toast';
import { useCodecForm } from '../../lib/use-codec-form';
import {
  useDismissCrisisBannerMutation,
  useGetStorySessionQuery,
  useStartStoryMutation,
  useUpdateStoryMutation,
} from './story-api';

/** Stories started in this page visit, with when (docs/product.md#five-minute-story: only they get a duration). */
const startedThisVisit = new Map<string, number>();

const TITLE = 'Five Minute Story';

const ANSWER_LIMIT: TextLimit = { max: MAX_STORY_ANSWER, tooLong: STORY_MESSAGES.answerTooLong };

const tookTime = (minutes: number | null) => {
  if (minutes === null) return '';
  if (minutes === 0) return 'You took less than a minute. ';
  return `You took ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. `;
};

/** The five-minute story: start, five steps, completed (docs/product.md#five-minute-story). */
export function StoryWidget({ memberId }: { readonly memberId: string }) {
  const { data: session, isLoading } = useGetStorySessionQuery();
  const [startStory, { isLoading: starting }] = useStartStoryMutation();
  const [newStory, setNewStory] = useState(false);
  const { toast } = useToast();

  const start = async () => {
    try {
      const started = await startStory().unwrap();
      startedThisVisit.set(started.id, Date.now());
      setNewStory(false);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to start story session. Please try again.',
        variant: 'destructive',
      });
    }
  };

  if (isLoading) {
    return (
      <PanelCard title={TITLE}>
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label="Loading your story" color="secondary" />
        </Box>
      </PanelCard>
    );
  }
  if (!session || newStory) return <StoryStart onStart={start} starting={starting} />;
  if (session.sessionStatus === 'completed')
    return <StoryCompleted session={session} onAnother={() => setNewStory(true)} />;
  return <StoryStep key={`${session.id}-${session.currentStep}`} session={session} memberId={memberId} />;
}

function StoryStart({ onStart, starting }: { readonly onStart: () => void; readonly starting: boolean }) {
  return (
    <PanelCard title={TITLE}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Five questions, one at a time, about a moment that stayed with you. Take about five minutes; there are no wrong
        answers.
      </Typography>
      <Button variant="contained" color="secondary" onClick={onStart} disabled={starting}>
        {starting ? 'Starting…' : 'Start Your Story'}
      </Button>
    </PanelCard>
  );
}

/**
 * Once an answer held crisis language, the resources stay above the story, after a reload
 * too, until the member says they are not about him (a false alarm must not follow him for
 * good); a later answer with crisis language brings them back.
 */
function CrisisResourcesIf({ session }: { readonly session: StorySessionView }) {
  const [dismiss, { isLoading }] = useDismissCrisisBannerMutation();
  const { toast } = useToast();
  if (!session.crisisResources) return null;
  const notAboutMe = async () => {
    try {
      await dismiss(session.id).unwrap();
    } catch {
      toast({
        title: 'Error',
        description: 'Could not take the banner down. Please try again.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Box sx={{ mb: 2 }}>
      <CrisisResources />
      <Button size="small" onClick={() => void notAboutMe()} disabled={isLoading} sx={{ mt: 0.5 }}>
        This isn't about me
      </Button>
    </Box>
  );
}

function StoryStep({ session, memberId }: { readonly session: StorySessionView; readonly memberId: string }) {
  const step = session.currentStep;
  // The field is named for the request's list it joins, so the server's refusal of that list shows at it.
  const form = useCodecForm(
    UpdateStoryRequest,
    { userResponses: '' },
    {
      draftKey: `story.${memberId}.${session.id}.${step}`,
      draftTextField: 'userResponses',
      toRequest: (values) => ({ userResponses: [...session.userResponses, values.userResponses] }),
    },
  );
  const [updateStory, { isLoading }] = useUpdateStoryMutation();
  const { toast } = useToast();
  const last = step >= STORY_STEPS;
  const prompt = session.aiPrompts[step - 1] ?? '';

  const submit = async (request: UpdateStoryRequest) => {
    const startedAt = startedThisVisit.get(session.id);
    try {
      await updateStory({
        id: session.id,
        update: {
          userResponses: request.userResponses,
          sessionStatus: last ? 'completed' : 'in_progress',
          currentStep: last ? step : step + 1,
          ...(last && startedAt !== undefined
            ? { sessionDuration: Math.round((Date.now() - startedAt) / 60_000) }
            : {}),
        },
      }).unwrap();
      form.reset();
    } catch (error) {
      // The server's own words for the answer (too long, changed elsewhere), never a generic failure; the draft stays.
      const message = serverMessage(errorBody(error), 'Failed to save response. Please try again.');
      form.refuse(serverFields(errorBody(error)), { at: 'userResponses', message });
      toast({ title: 'Not saved', description: message, variant: 'destructive' });
    }
  };

  return (
    <PanelCard title={TITLE}>
      <CrisisResourcesIf session={session} />
      <Typography variant="overline" color="text.secondary" component="p">
        Step {step} of {STORY_STEPS}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round((step / STORY_STEPS) * 100)}
        aria-label="Story progress"
        aria-valuetext={`Step ${step} of ${STORY_STEPS}`}
        color="secondary"
        sx={{ height: 8, borderRadius: 4, mb: 2 }}
      />
      <Stack component="form" onSubmit={(event) => void form.onSubmit(submit)(event)} noValidate spacing={2}>
        <Typography component="label" htmlFor="story-answer" sx={{ fontWeight: 600 }}>
          {prompt}
        </Typography>
        <LimitedTextField
          multiline
          minRows={3}
          limit={ANSWER_LIMIT}
          {...form.field('userResponses')}
          id="story-answer"
        />
        <Box>
          <Button type="submit" variant="contained" color="secondary" disabled={isLoading}>
            {isLoading ? 'Saving…' : last ? 'Complete Story' : 'Next'}
          </Button>
        </Box>
      </Stack>
    </PanelCard>
  );
}

function StoryCompleted({
  session,
  onAnother,
}: {
  readonly session: StorySessionView;
  readonly onAnother: () => void;
}) {
  return (
    <PanelCard title={TITLE}>
      <CrisisResourcesIf session={session} />
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        Your story is complete
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {tookTime(session.sessionDuration)}
        Thank you for taking the time to tell it.
      </Typography>
      <Box
        component="blockquote"
        sx={{
          m: 0,
          mb: 2,
          pl: 2,
          borderLeft: 3,
          borderColor: 'secondary.main',
          whiteSpace: 'pre-line',
          maxHeight: 240,
          overflowY: 'auto',
        }}
        tabIndex={0}
        aria-label="Your story"
      >
        {session.storyText}
      </Box>
      <Button variant="outlined" color="secondary" onClick={onAnother}>
        Write Another Story
      </Button>
    </PanelCard>
  );
}
