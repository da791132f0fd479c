const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Each field the server refused, with its message, from the shared error body `{ error, fields }`. */
export function serverFields(body: unknown): Record<string, string> {
  if (!isRecord(body) || !isRecord(body.fields)) return {};
  return Object.fromEntries(
    Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * What a member should read when a submit failed: the server's message for a field, else its
 * sentence (`error`), else `fallback`; never the raw body.
 */
export function serverMessage(body: unknown, fallback: string): string {
  const [firstField] = Object.values(serverFields(body));
  if (firstField) return firstField;
  if (isRecord(body) && typeof body.error === 'string' && body.error.trim() !== '') return body.error;
  return fallback;
}

/** The body of a failure whose text may be JSON (a streamed call reads it itself). */
export function parseErrorText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
