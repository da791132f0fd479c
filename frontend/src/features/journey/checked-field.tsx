import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

type CheckedFieldProps = Omit<TextFieldProps, 'error' | 'helperText' | 'onBlur' | 'onChange' | 'value'> & {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly valid: boolean;
  /** Shown under the field once the person has left it (or pressed Enter) with an invalid value. */
  readonly invalidMessage: string;
  readonly hint?: string;
};

/** A text field that tells what is wrong only after the person has had a go, then live as they fix it. */
export function CheckedField({ value, onChange, valid, invalidMessage, hint, onKeyDown, ...field }: CheckedFieldProps) {
  const [tried, setTried] = useState(false);
  const showError = tried && !valid;
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
      helperText={showError ? invalidMessage : hint}
    />
  );
}
