import { toErrorBody } from '@reflections/contracts/validation';
import type * as t from 'io-ts';
import { useState } from 'react';
import { useDraftValues } from './use-draft';

/**
 * A form checked with the server's own io-ts codec (docs/product.md#forms): first validation on
 * submit, then again on every change, with the same messages the API answers.
 * `draftKey` (naming the member) keeps the values in this browser until the form is reset.
 */
export function useCodecForm<V extends Record<string, unknown>, A>(
  codec: t.Decoder<unknown, A>,
  initial: V,
  draftKey: string | null = null,
) {
  // Kept as a draft under `draftKey` until sent: a reload or an ended session loses nothing.
  const [values, setValues, clearValues] = useDraftValues<V>(draftKey, initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (candidate: V) => {
    const result = codec.decode(candidate);
    return result._tag === 'Left'
      ? { errors: toErrorBody(result.left).fields as Partial<Record<keyof V, string>>, value: null }
      : { errors: {}, value: result.right };
  };

  const set = <K extends keyof V>(field: K, value: V[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(check(next).errors);
  };

  /** The decoded request, or null (and the errors shown) when the input is not valid yet. */
  const submit = (): A | null => {
    setSubmitted(true);
    const checked = check(values);
    setErrors(checked.errors);
    return checked.value;
  };

  const reset = () => {
    clearValues();
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, set, submit, reset };
}
