import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { AnnouncementRequest } from '@reflections/contracts/announcements';
import { useCodecForm } from '../../lib/use-codec-form';

type Values = { title: string; body: string };

export type AnnouncementFormProps = {
  readonly initial?: Values;
  readonly submitLabel: string;
  readonly busy: boolean;
  /** Resolves true when saved (the form then clears). */
  readonly onSubmit: (request: AnnouncementRequest) => Promise<boolean>;
  readonly onCancel?: () => void;
};

/** Title and message, checked with the server's codec: first on submit, then on every change. */
export function AnnouncementForm({
  initial = { title: '', body: '' },
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: AnnouncementFormProps) {
  const form = useCodecForm(AnnouncementRequest, initial);

  const submit = form.onSubmit(async (request) => {
    if (await onSubmit(request)) form.reset();
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 1 }}>
      <TextField label="Title" {...form.field('title')} disabled={busy} />
      <TextField label="Message" multiline minRows={3} {...form.field('body')} disabled={busy} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" color="secondary" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </Box>
    </Box>
  );
}
