/**
 * What a member is writing, kept in this browser until it is sent (useCodecForm's `draftKey`): it
 * survives a reload, a closed tab, a dropped connection or a session that ended. A key names the
 * member, so two people sharing a browser never see each other's words.
 */
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
