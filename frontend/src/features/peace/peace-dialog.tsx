import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PEACE_MESSAGES, PEACE_SECTIONS, type PeaceSectionId } from '@reflections/contracts/peace';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../lib/toast';
import { useSavePeaceResponseMutation } from './peace-api';

type PeaceDialogProps = { readonly section: PeaceSectionId | null; readonly onClose: () => void };

/**
 * One section's three questions, one at a time (spec 000 §4): each saved answer moves
 * to the next question; after the last the dialog closes and starts over next time.
 */
export function PeaceDialog({ section, onClose }: PeaceDialogProps) {
  const found = PEACE_SECTIONS.find((s) => s.id === section);
  return (
    <Dialog open={found !== undefined} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="peace-dialog-title">
      {found && <PeaceQuestions key={found.id} sectionId={found.id} onDone={onClose} />}
    </Dialog>
  );
}

function PeaceQuestions({ sectionId, onDone }: { readonly sectionId: PeaceSectionId; readonly onDone: () => void }) {
  const section = PEACE_SECTIONS.find((s) => s.id === sectionId)!;
  const [index, setIndex] = useState(0);
  const [answer, setAnswer] = useState('');
  const [showError, setShowError] = useState(false);
  const [save, { isLoading }] = useSavePeaceResponseMutation();
  const { toast } = useToast();
  const prompt = section.prompts[index];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (answer.trim() === '') {
      setShowError(true);
      return;
    }
    try {
      await save({ section: section.id, prompt, response: answer.trim() }).unwrap();
      toast({ title: 'Response saved', description: 'Your reflection has been added to your profile.', variant: 'success' });
      setAnswer('');
      if (index + 1 < section.prompts.length) setIndex(index + 1);
      else onDone();
    } catch {
      toast({ title: 'Error', description: 'Failed to save response. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="peace-dialog-title">
        {section.title}
      </DialogTitle>
      <DialogContent>
        <Typography variant="overline" color="text.secondary" component="p">
          Question {index + 1} of {section.prompts.length}
        </Typography>
        <Typography component="label" htmlFor="peace-answer" sx={{ display: 'block', fontWeight: 600, mb: 1.5 }}>
          {prompt}
        </Typography>
        <TextField
          id="peace-answer"
          multiline
          minRows={4}
          autoFocus
          value={answer}
          onChange={(event) => {
            setAnswer(event.target.value);
            if (event.target.value.trim() !== '') setShowError(false);
          }}
          error={showError}
          helperText={showError ? PEACE_MESSAGES.response : ' '}
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
