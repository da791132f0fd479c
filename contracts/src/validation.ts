import * as t from 'io-ts';

/**
 * The shared error body of every non-OK answer: `{ error, fields: { name: message } }`.
 * `error` is a sentence a person can read; `fields` names each bad input.
 */
export const ErrorBody = t.type({
  error: t.string,
  fields: t.record(t.string, t.string),
});
export type ErrorBody = t.TypeOf<typeof ErrorBody>;

/**
 * A codec whose failures carry the specification's message for that field. The codec it
 * wraps stays reachable as `wrapped`, so tools that walk codecs (the replay tests' event
 * generator) can see what values it accepts.
 */
export function withMessage<C extends t.Any>(codec: C, message: string): C {
  const withItsMessage = new t.Type(
    codec.name,
    codec.is,
    (input, context) => {
      const result = codec.validate(input, context);
      return result._tag === 'Left' ? t.failure(input, context, message) : result;
    },
    codec.encode,
  );
  return Object.assign(withItsMessage, { wrapped: codec }) as unknown as C;
}

/** A string that is non-empty once trimmed; the decoded value is trimmed. */
export const trimmedString = (minLength: number, message: string) =>
  withMessage(
    new t.Type<string, string, unknown>(
      `TrimmedString(${minLength})`,
      (u): u is string => typeof u === 'string' && u.trim().length >= minLength,
      (u, c) => (typeof u === 'string' && u.trim().length >= minLength ? t.success(u.trim()) : t.failure(u, c)),
      t.identity,
    ),
    message,
  );

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

export const emailAddress = (message: string) =>
  withMessage(
    new t.Type<string, string, unknown>(
      'EmailAddress',
      (u): u is string => typeof u === 'string' && isEmail(u),
      (u, c) => (typeof u === 'string' && isEmail(u) ? t.success(u.trim().toLowerCase()) : t.failure(u, c)),
      t.identity,
    ),
    message,
  );

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** An intersection (plain or wrapped in t.exact) names its members '0', '1', ...: they are not fields. */
const isIntersection = (type: t.Decoder<unknown, unknown> | undefined) => type instanceof t.IntersectionType || (type instanceof t.ExactType && type.type instanceof t.IntersectionType);

function fieldName(context: t.Context): string {
  const keys = context.filter((entry, i) => entry.key !== '' && !isIntersection(context[i - 1]?.type)).map((entry) => entry.key);
  return keys.length === 0 ? 'body' : keys.join('.');
}

/**
 * Turns io-ts errors into the shared error body. A field keeps the first message
 * reported for it; a codec without a message gets the generic ones the
 * specification names: 'Required' and 'Expected X, received Y'.
 */
export function toErrorBody(errors: t.Errors): ErrorBody {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const context = error.context;
    const leaf = context[context.length - 1];
    const name = fieldName(context);
    if (name in fields) continue;
    if (error.message) fields[name] = error.message;
    else if (error.value === undefined) fields[name] = 'Required';
    else fields[name] = `Expected ${leaf?.type.name ?? 'value'}, received ${describe(error.value)}`;
  }
  const first = Object.values(fields)[0] ?? 'Invalid request';
  return { error: first, fields };
}

export const errorBody = (error: string, fields: Record<string, string> = {}): ErrorBody => ({ error, fields });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id in a path that is not a UUID names nothing: routes answer 404 rather than asking the store. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
