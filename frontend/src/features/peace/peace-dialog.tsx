import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  MAX_PEACE_RESPONSE,
  PEACE_MESSAGES,
  PEACE_SECTIONS,
  PeaceResponseRequest,
  type PeaceSectionId,
} from '@reflections/contracts/peace';
import { useState } from 'react';
import { LimitedTextField, type TextLimit } from '../../components/limited-text-field';
import { errorBody } from '../../lib/api';
import { serverFields, serverMessage } from '../../lib/server-message';
import { useToast } from '../../lib/toast';
import { useCodecForm } from '../../lib/use-codec-form';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { useSavePeaceResponseMutation } from './peace-api';

const ANSWER_LIMIT: TextLimit = { max: MAX_PEACE_RESPONSE, tooLong: PEACE_MESSAGES.tooLong };

type PeaceDialogProps = {
  readonly section: PeaceSectionId | null;
  /** Which of the section's questions are answered (0-based): the dialog resumes at the first unanswered one. */
  readonly answered: readonly number[];
  readonly onClose: () => void;
};

/**
 * One section's three questions, one at a time (docs/product.md#peace): each saved answer moves
 * to the next question. It opens at the first unanswered question (issue 25), or at the
 * first when all are answered; a half-typed answer is kept as a draft when it closes.
 */
export function PeaceDialog({ section, answered, onClose }: PeaceDialogProps) {
  const found = PEACE_SECTIONS.find((s) => s.id === section);
  return (
    <Dialog open={found !== undefined} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="peace-dialog-title">
      {found && <PeaceQuestions key={found.id} sectionId={found.id} answered={answered} onDone={onClose} />}
    </Dialog>
  );
}

/** The first question after `from` that is not in `answered`, or null when none is left. */
function nextOpen(count: number, answered: readonly number[], from: number): number | null {
  for (let index = from + 1; index < count; index += 1) if (!answered.includes(index)) return index;
  return null;
}

type PeaceQuestionsProps = {
  readonly sectionId: PeaceSectionId;
  readonly answered: readonly number[];
  readonly onDone: () => void;
};

function PeaceQuestions({ sectionId, answered, onDone }: PeaceQuestionsProps) {
  const section = PEACE_SECTIONS.find((s) => s.id === sectionId)!;
  // A section answered through is taken again from its first question.
  const [index, setIndex] = useState(() => nextOpen(section.prompts.length, answered, -1) ?? 0);
  const { user } = useCurrentUser();
  const prompt = section.prompts[index];
  const form = useCodecForm(
    PeaceResponseRequest,
    { response: '' },
    {
      draftKey: user ? `peace.${user.id}.${sectionId}.${index}` : null,
      draftTextField: 'response',
      toRequest: (values) => ({ section: section.id, prompt, response: values.response }),
    },
  );
  const [save, { isLoading }] = useSavePeaceResponseMutation();
  const { toast } = useToast();

  const submit = async (request: PeaceResponseRequest) => {
    try {
      await save(request).unwrap();
      toast({
        title: 'Response saved',
        description: 'Your reflection has been added to your profile.',
        variant: 'success',
      });
      form.reset();
      const next = nextOpen(section.prompts.length, answered.length === section.prompts.length ? [] : answered, index);
      if (next === null) onDone();
      else setIndex(next);
    } catch (error) {
      const message = serverMessage(errorBody(error), 'Failed to save response. Please try again.');
      form.refuse(serverFields(errorBody(error)), { at: 'response', message });
      toast({ title: 'Not saved', description: message, variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={(event) => void form.onSubmit(submit)(event)} noValidate>
      <DialogTitle id="peace-dialog-title">{section.title}</DialogTitle>
      <DialogContent>
        <Typography variant="overline" color="text.secondary" component="p">
          Question {index + 1} of {section.prompts.length}
        </Typography>
        <Typography component="label" htmlFor="peace-answer" sx={{ display: 'block', fontWeight: 600, mb: 1.5 }}>
          {prompt}
        </Typography>
        <LimitedTextField
          multiline
          minRows={4}
          autoFocus
          limit={ANSWER_LIMIT}
          {...form.field('response', 'Kept in this browser until you save it.')}
          id="peace-answer"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onDone} color="inherit">
          Close
        </Button>
        <Button type="submit" variant="contained" color="secondary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save Response'}
        </Button>
      </DialogActions>
    </form>
  );
}
