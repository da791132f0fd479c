import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type * as t from 'io-ts';
import { useState, type FormEvent } from 'react';
import { errorBody } from '../lib/api';
import { serverFields, serverMessage } from '../lib/server-message';
import { useCodecForm } from '../lib/use-codec-form';

export type CodecField<V> = {
  readonly name: keyof V & string;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password';
  readonly autoComplete: string;
};

/**
 * A short form of text fields: checked with the server's codec (first on submit, then on every change),
 * sent, and the server's refusals shown at their fields (a wrong current password, a taken
 * email, a common password).
 */
export function CodecForm<V extends Record<string, string>, A>(props: {
  readonly codec: t.Decoder<unknown, A>;
  readonly initial: V;
  readonly fields: readonly CodecField<V>[];
  readonly action: string;
  readonly done: string;
  readonly send: (request: A) => Promise<unknown>;
}) {
  const { values, errors, set, submit, reset } = useCodecForm(props.codec, props.initial);
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    setRefused({});
    const request = submit();
    if (request === null) return;
    setSending(true);
    try {
      await props.send(request);
      reset();
      setOutcome({ ok: true, text: props.done });
    } catch (error) {
      const fields = serverFields(errorBody(error));
      setRefused(fields);
      // A refusal of a field this form does not show (the reset link's token) is said above the button.
      if (!props.fields.some((field) => fields[field.name]))
        setOutcome({ ok: false, text: serverMessage(errorBody(error), 'Something went wrong. Please try again.') });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      {props.fields.map((field) => {
        const message = errors[field.name] ?? refused[field.name];
        return (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(event) => set(field.name, event.target.value as V[typeof field.name])}
            error={Boolean(message)}
            helperText={message ?? ' '}
            size="small"
          />
        );
      })}
      <div>
        <Button type="submit" variant="contained" color="secondary" disabled={sending}>
          {props.action}
        </Button>
      </div>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
