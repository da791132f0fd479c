import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type * as t from 'io-ts';
import { useState } from 'react';
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
  const form = useCodecForm(props.codec, props.initial);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async (request: A) => {
    setOutcome(null);
    try {
      await props.send(request);
      form.reset();
      setOutcome({ ok: true, text: props.done });
    } catch (error) {
      // A refusal of a field this form does not show (the reset link's token) is said above the button.
      if (!form.refuse(serverFields(errorBody(error))))
        setOutcome({ ok: false, text: serverMessage(errorBody(error), 'Something went wrong. Please try again.') });
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        setOutcome(null);
        void form.onSubmit(send)(event);
      }}
    >
      {props.fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          size="small"
          {...form.field(field.name)}
        />
      ))}
      <div>
        <Button type="submit" variant="contained" color="secondary" disabled={form.submitting}>
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
