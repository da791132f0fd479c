import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { AnnouncementRequest } from '@reflections/contracts/announcements';
import { toErrorBody } from '@reflections/contracts/validation';
import { useState, type FormEvent } from 'react';

type Values = { title: string; body: string };
type Errors = Partial<Record<keyof Values, string>>;

const check = (values: Values): { request: AnnouncementRequest | null; errors: Errors } => {
  const decoded = AnnouncementRequest.decode(values);
  return decoded._tag === 'Right'
    ? { request: decoded.right, errors: {} }
    : { request: null, errors: toErrorBody(decoded.left).fields };
};

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
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(check(next).errors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { request, errors: found } = check(values);
    setErrors(found);
    if (!request) return;
    if (await onSubmit(request)) {
      setValues({ title: '', body: '' });
      setSubmitted(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label="Title"
        value={values.title}
        onChange={change('title')}
        error={Boolean(errors.title)}
        helperText={errors.title ?? ' '}
        disabled={busy}
      />
      <TextField
        label="Message"
        multiline
        minRows={3}
        value={values.body}
        onChange={change('body')}
        error={Boolean(errors.body)}
        helperText={errors.body ?? ' '}
        disabled={busy}
      />
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
