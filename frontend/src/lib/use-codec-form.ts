import { toErrorBody } from '@reflections/contracts/validation';
import type * as t from 'io-ts';
import { useEffect, useId, useRef } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';
import { clearDraftValues, readDraftValues, writeDraftValues } from './use-draft';

/**
 * react-hook-form's resolver for a request codec from contracts/, naming each field and message
 * exactly as the server's 400 does (`toErrorBody`). Not `@hookform/resolvers/io-ts`: it files
 * every error of a `t.exact` codec (all our requests) under the empty path, so no field showed one.
 */
export function codecResolver<V extends FieldValues, A>(
  codec: t.Decoder<unknown, A>,
  toRequest: (values: V) => unknown = (values) => values,
): Resolver<V, unknown, A> {
  return (values) => {
    const decoded = codec.decode(toRequest(values));
    if (decoded._tag === 'Right') return { values: decoded.right, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(toErrorBody(decoded.left).fields).map(([name, message]) => [name, { type: 'codec', message }]),
    );
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

const differsFrom = (values: FieldValues, initial: FieldValues) =>
  Object.keys(initial).some((name) => values[name] !== initial[name]);

/**
 * The one way to write a form here (docs/frontend.md#forms): react-hook-form checking the
 * server's own io-ts codec, first on submit and then on every change (docs/product.md#forms),
 * focusing the first field it refuses. A draft key keeps the values in this browser until the form
 * is reset: a reload or an ended session loses nothing he wrote.
 */
export function useCodecForm<V extends FieldValues, A>(
  codec: t.Decoder<unknown, A>,
  initial: V,
  options: {
    /** Keeps the values in this browser under this key (naming the member) until the form is reset. */
    readonly draftKey?: string | null;
    /** The field a plain-text draft kept under `draftKey` before this form existed belongs to. */
    readonly draftTextField?: keyof V & string;
    /**
     * The request the values stand for, when a field holds something else (a local time, a chosen
     * member) or the request carries what the screen knows (the question answered). The latest one is used.
     */
    readonly toRequest?: (values: V) => unknown;
  } = {},
) {
  const draftKey = options.draftKey ?? null;
  const { draftTextField } = options;
  const formId = useId();
  const form = useForm<V, unknown, A>({
    // react-hook-form takes its options anew each render: the resolver checks what this render's `toRequest` makes.
    resolver: codecResolver<V, A>(codec, options.toRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: readDraftValues(draftKey, initial, draftTextField) as DefaultValues<V>,
  });
  const { reset: resetForm, subscribe, control, getValues } = form;

  // The member is often known a moment after the first render: his draft fills the form then,
  // unless he has already typed (on a slow sign-in check): what he sees is kept, under his key.
  const keyBefore = useRef(draftKey);
  useEffect(() => {
    const typedBeforeKnown = keyBefore.current === null && differsFrom(getValues(), initial);
    keyBefore.current = draftKey;
    if (!draftKey) return;
    if (typedBeforeKnown) writeDraftValues(draftKey, getValues());
    else resetForm(readDraftValues(draftKey, initial, draftTextField));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is a fresh literal each render; only a new key reloads
  }, [draftKey, resetForm]);

  useEffect(() => {
    if (!draftKey) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => writeDraftValues(draftKey, values),
    });
  }, [draftKey, subscribe]);

  // The fields drawn on screen: a refusal of any other (a reset link's token) is the form's, not a field's.
  const shown = useRef(new Set<string>());
  const values = useWatch({ control }) as V;
  const errors = form.formState.errors;
  const messageOf = (name: keyof V & string): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  /** A field's id and message for a MUI TextField: `aria-invalid` and `aria-describedby` follow from them. */
  const status = (name: keyof V & string, hint = ' ') => {
    shown.current.add(name);
    const message = messageOf(name);
    return { id: `${formId}-${name}`, error: Boolean(message), helperText: message ?? hint };
  };

  /** Props binding a MUI TextField (or LimitedTextField) to a text field: value, change, focus, message (else `hint`). */
  const field = (name: keyof V & string, hint?: string) => {
    const { ref, ...registered } = form.register(name as Path<V>);
    return { ...registered, ...status(name, hint), inputRef: ref, value: values[name] as string };
  };

  /** Sets a field no text input edits (a select of numbers, a switch; `status` shows its message), checked again once submitted. */
  const set = <K extends Path<V>>(name: K, value: PathValue<V, K>) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  /** Shows the server's refusals at the fields this form shows (true when it named one of them), else `otherwise` at its field. */
  const refuse = (
    fields: Record<string, string>,
    otherwise?: { readonly at: keyof V & string; readonly message: string },
  ) => {
    const own = Object.entries(fields).filter(([name]) => shown.current.has(name));
    own.forEach(([name, message], index) =>
      form.setError(name as Path<V>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
    // A composer of one text says any other failure under it, where he is looking; the next change clears it.
    if (own.length === 0 && otherwise)
      form.setError(otherwise.at as Path<V>, { type: 'server', message: otherwise.message });
    return own.length > 0;
  };

  /** Empties the form and its draft; `keep` holds the fields that stay as they are (a mood for the next entry). */
  const reset = (keep: Partial<V> = {}) => {
    resetForm({ ...initial, ...keep });
    clearDraftValues(draftKey);
  };

  return {
    values,
    errors: Object.fromEntries(Object.keys(initial).map((name) => [name, messageOf(name)])) as Partial<
      Record<keyof V, string>
    >,
    field,
    status,
    set,
    refuse,
    reset,
    /** Wraps what the form does with the decoded request: it runs only once the codec accepts the values. */
    onSubmit: form.handleSubmit,
    submitting: form.formState.isSubmitting,
  };
}
