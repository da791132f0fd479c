import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

/** A field's maximum, the number the server enforces, and its message when passed (from the contract). */
export type TextLimit = { readonly max: number; readonly tooLong: string };

// Only where a codec names no maximum: nothing a person types reaches it.
const NO_LIMIT: TextLimit = { max: Number.MAX_SAFE_INTEGER, tooLong: '' };

/** The counter shows once this share of the maximum is used. */
const NEAR = 0.8;

const count = (n: number) => n.toLocaleString('en-US');

export type TextLimitState = { readonly over: boolean; readonly helper: ReactNode };

/**
 * How a text sits against its limit: the maximum is always said; the count appears as it nears
 * it; past it, the field's own message. `over` should block the submit.
 */
export function useTextLimit(value: string, limit: TextLimit, helperText?: ReactNode): TextLimitState {
  const length = value.length;
  const over = length > limit.max;
  const near = length >= limit.max * NEAR;
  const measure =
    limit === NO_LIMIT
      ? null
      : near
        ? `${count(length)} / ${count(limit.max)}`
        : `Up to ${count(limit.max)} characters`;
  const helper = (
    <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <span>{over ? limit.tooLong : helperText}</span>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', ml: 'auto' }}>
        {measure}
      </Box>
    </Box>
  );
  return { over, helper };
}

/** A member's text field that shows its maximum and a counter near it (issue 25): one for every screen. */
export function LimitedTextField({
  limit,
  helperText,
  error,
  value,
  ...props
}: TextFieldProps & { readonly limit: TextLimit | undefined; readonly value: string }) {
  const { over, helper } = useTextLimit(value, limit ?? NO_LIMIT, helperText);
  return <TextField {...props} value={value} error={Boolean(error) || over} helperText={helper} />;
}

/** Whether any of `values`' fields is longer than its limit: such a form is not sent. */
export const overAnyLimit = (values: Record<string, unknown>, limits: Record<string, TextLimit>) =>
  Object.entries(limits).some(
    ([field, limit]) => typeof values[field] === 'string' && (values[field] as string).length > limit.max,
  );
