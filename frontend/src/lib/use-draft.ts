import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'reflections.draft.';

function read(key: string): string {
  try {
    return window.localStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

/**
 * Text a member is writing, kept in this browser until it is sent: a reload, a closed
 * tab or a dropped connection loses nothing. `clear` forgets it once it is safely sent.
 * `key` should name the member, so two people sharing a browser never see each other's words.
 */
export function useDraft(key: string | null): [string, (value: string) => void, () => void] {
  const [value, setValue] = useState(() => (key ? read(key) : ''));

  useEffect(() => {
    if (key) setValue(read(key));
  }, [key]);

  const update = useCallback(
    (next: string) => {
      setValue(next);
      if (!key) return;
      try {
        if (next === '') window.localStorage.removeItem(PREFIX + key);
        else window.localStorage.setItem(PREFIX + key, next);
      } catch {
        // Storage full or blocked: the draft still lives in the page.
      }
    },
    [key],
  );

  const clear = useCallback(() => update(''), [update]);
  return [value, update, clear];
}
