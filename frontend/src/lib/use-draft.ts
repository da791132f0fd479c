import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'reflections.draft.';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function write(key: string, text: string | null) {
  try {
    if (text === null) window.localStorage.removeItem(PREFIX + key);
    else window.localStorage.setItem(PREFIX + key, text);
  } catch {
    // Storage full or blocked: the draft still lives in the page.
  }
}

/**
 * Kept in this browser under `key` until `clear`: what a member is writing survives a reload,
 * a closed tab, a dropped connection or a session that ended. `toText` gives null for "nothing
 * to keep"; `fromText` reads it back.
 */
function useStoredDraft<T>(
  key: string | null,
  empty: T,
  toText: (value: T) => string | null,
  fromText: (text: string) => T,
): [T, (value: T) => void, () => void] {
  // Fixed per caller: kept from the first render, so no effect reruns for a new function each render.
  const [codec] = useState(() => ({ empty, toText, fromText }));
  const [value, setValue] = useState(() => {
    const text = key ? read(key) : null;
    return text === null ? codec.empty : codec.fromText(text);
  });

  useEffect(() => {
    if (!key) return;
    const text = read(key);
    setValue(text === null ? codec.empty : codec.fromText(text));
  }, [key, codec]);

  const update = useCallback(
    (next: T) => {
      setValue(next);
      if (key) write(key, codec.toText(next));
    },
    [key, codec],
  );

  const clear = useCallback(() => {
    setValue(codec.empty);
    if (key) write(key, null);
  }, [key, codec]);
  return [value, update, clear];
}

/**
 * Text a member is writing, kept in this browser until it is sent.
 * `key` should name the member, so two people sharing a browser never see each other's words.
 */
export function useDraft(key: string | null): [string, (value: string) => void, () => void] {
  return useStoredDraft(
    key,
    '',
    (text) => (text === '' ? null : text),
    (text) => text,
  );
}

const parseOr =
  <T>(empty: T) =>
  (text: string): T => {
    try {
      return { ...empty, ...(JSON.parse(text) as Partial<T>) };
    } catch {
      return empty;
    }
  };

const isValues = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A form's values kept under `key` (null: none kept), read back over `empty`. A draft kept as
 * plain text before its form kept values (the journal, the story, P.E.A.C.E., RAI's chat) is
 * read into `textField`, so no member's words are lost; the next keystroke stores it as values.
 */
export const readDraftValues = <T extends Record<string, unknown>>(
  key: string | null,
  empty: T,
  textField?: keyof T & string,
): T => {
  const text = key ? read(key) : null;
  if (text === null) return empty;
  try {
    const stored: unknown = JSON.parse(text);
    if (isValues(stored)) return { ...empty, ...stored };
  } catch {
    // Not JSON: a plain-text draft, or nothing readable.
  }
  return textField ? { ...empty, [textField]: text } : empty;
};

export const writeDraftValues = (key: string, values: unknown) => write(key, JSON.stringify(values));

export const clearDraftValues = (key: string | null) => {
  if (key) write(key, null);
};

/** A form's values, kept like useDraft's text (a post's title and message, say) until it is sent. */
export function useDraftValues<T extends Record<string, unknown>>(
  key: string | null,
  empty: T,
): [T, (values: T) => void, () => void] {
  return useStoredDraft(key, empty, (values) => JSON.stringify(values), parseOr(empty));
}
