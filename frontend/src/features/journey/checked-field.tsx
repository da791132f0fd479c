import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type * as t from 'io-ts';
import { useState } from 'react';
import { codecMessage } from '../../lib/codec-message';

type CheckedFieldProps = Omit<TextFieldProps, 'error' | 'helperText' | 'onBlur' | 'onChange' | 'value'> & {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The field's codec from contracts/: its message shows once the person has left the field (or pressed Enter). */
  readonly codec: t.Decoder<unknown, unknown>;
  readonly hint?: string;
};

/** A text field that tells what is wrong only after the person has had a go, then live as they fix it. */
export function CheckedField({ value, onChange, codec, hint, onKeyDown, ...field }: CheckedFieldProps) {
  const [tried, setTried] = useState(false);
  const message = tried ? codecMessage(codec, value) : undefined;
  const showError = message !== undefined;
  return (
    <TextField
      {...field}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => setTried(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') setTried(true);
        onKeyDown?.(event);
      }}
      error={showError}
      helperText={message ?? hint}
    />
  );
}
