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

/**
 * Like withMessage, but a failure inside the codec keeps its own message (a list of answers
 * says which rule an answer broke); `message` is for failures that carry none. Every failure
 * is reported at this codec's place, so the field is named as the client sent it.
 */
export function withFallbackMessage<C extends t.Any>(codec: C, message: string): C {
  const withItsMessages = new t.Type(
    codec.name,
    codec.is,
    (input, context) => {
      const result = codec.validate(input, context);
      return result._tag === 'Left'
        ? t.failure(input, context, result.left.find((error) => error.message)?.message ?? message)
        : result;
    },
    codec.encode,
  );
  return Object.assign(withItsMessages, { wrapped: codec }) as unknown as C;
}

/**
 * Characters no field keeps: NUL (PostgreSQL stores it in neither text nor jsonb), a half
 * of a surrogate pair without its other half (not a character at all; jsonb refuses it),
 * and the other C0 control characters, which nobody types. Tab, line feed and carriage
 * return are text. No lookbehind, so every browser the frontend supports runs it.
 */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole purpose
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;
export const isStorableText = (value: string) => !UNSTORABLE.test(value);

/**
 * A string codec whose bounds tools can read: `minLength` and `maxLength` (in UTF-16 code
 * units, never fewer than the characters PostgreSQL counts), so the OpenAPI document, the
 * fuzzer and the schema test see the same limits the server enforces.
 */
export type BoundedText = t.Type<string, string, unknown> & {
  readonly minLength: number;
  readonly maxLength: number;
  readonly singleLine: boolean;
};

const withBounds = (
  codec: t.Type<string, string, unknown>,
  minLength: number,
  maxLength: number,
  singleLine = false,
): BoundedText => Object.assign(codec, { minLength, maxLength, singleLine });

const formatCount = (n: number) => n.toLocaleString('en-US');

export type TextRules = {
  /** Fewest characters, counted after trimming (when trimming). */
  readonly min: number;
  /** Most characters of the value as decoded (trimmed, when trimming). */
  readonly max: number;
  /** Missing, not a string, or shorter than `min`. */
  readonly tooShort: string;
  /** Longer than `max`; by default "<label> must be at most <max> characters". */
  readonly tooLong?: string;
  /** Names the field in a person's words ('First name'), for the messages this codec makes up. */
  readonly label: string;
  /** Trim surrounding whitespace before measuring and keep the trimmed value (default true). */
  readonly trim?: boolean;
  /** A name or a title of one line: line breaks and tabs are refused too. */
  readonly singleLine?: boolean;
};

/**
 * The one codec for text a client sends: within its bounds and storable, each failure with
 * its own message (the specification's where it has one).
 */
export function boundedText(rules: TextRules): BoundedText {
  const trim = rules.trim ?? true;
  const singleLine = rules.singleLine ?? false;
  const tooLong = rules.tooLong ?? `${rules.label} must be at most ${formatCount(rules.max)} characters`;
  const unstorable = `${rules.label} contains characters we cannot store`;
  const oneLine = `${rules.label} must be on one line`;
  const problem = (value: string): string | null => {
    if (value.length < rules.min) return rules.tooShort;
    if (value.length > rules.max) return tooLong;
    if (!isStorableText(value)) return unstorable;
    return singleLine && LINE_BREAK.test(value) ? oneLine : null;
  };
  const decoded = (u: unknown) => (typeof u === 'string' ? (trim ? u.trim() : u) : null);
  const codec = new t.Type<string, string, unknown>(
    `Text(${rules.min}..${rules.max})`,
    (u): u is string => {
      const value = decoded(u);
      return value !== null && problem(value) === null;
    },
    (u, c) => {
      const value = decoded(u);
      if (value === null) return t.failure(u, c, rules.tooShort);
      const message = problem(value);
      return message === null ? t.success(value) : t.failure(u, c, message);
    },
    t.identity,
  );
  return withBounds(codec, rules.min, rules.max, singleLine);
}

/**
 * A password: kept exactly as typed (never trimmed, never stored, so any character may be
 * in it) and bounded, because hashing a long one costs the server. `acceptable` adds the
 * registration's rules.
 */
export function passwordText(rules: {
  min: number;
  max: number;
  tooShort: string;
  tooLong: string;
  acceptable?: (value: string) => boolean;
}): BoundedText {
  const problem = (u: unknown) => {
    if (typeof u !== 'string' || u.length < rules.min) return rules.tooShort;
    if (u.length > rules.max) return rules.tooLong;
    return rules.acceptable && !rules.acceptable(u) ? rules.tooShort : null;
  };
  const codec = new t.Type<string, string, unknown>(
    'Password',
    (u): u is string => problem(u) === null,
    (u, c) => {
      const message = problem(u);
      return message === null ? t.success(u as string) : t.failure(u, c, message);
    },
    t.identity,
  );
  return withBounds(codec, rules.min, rules.max, true);
}

/** The longest address SMTP delivers (RFC 5321's path limit less its angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => {
  const trimmed = value.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(trimmed) && isStorableText(trimmed);
};

/** An email address, decoded trimmed and lower-cased. Too long has its own message; anything else is `message`. */
export const emailAddress = (
  message: string,
  tooLong = `Email must be at most ${MAX_EMAIL_LENGTH} characters`,
): BoundedText => {
  const problem = (u: unknown) => {
    if (typeof u !== 'string') return message;
    if (u.trim().length > MAX_EMAIL_LENGTH) return tooLong;
    return isEmail(u) ? null : message;
  };
  const codec = new t.Type<string, string, unknown>(
    'EmailAddress',
    (u): u is string => problem(u) === null,
    (u, c) => {
      const problemFound = problem(u);
      return problemFound === null ? t.success((u as string).trim().toLowerCase()) : t.failure(u, c, problemFound);
    },
    t.identity,
  );
  return withBounds(codec, 5, MAX_EMAIL_LENGTH, true);
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
export const UUID_MESSAGE = 'Expected a UUID';

/** A UUID (an id a client names), decoded lower-cased so one id names one stream. `format` says so to tools. */
export const uuid = (message: string = UUID_MESSAGE) => {
  const codec = new t.Type<string, string, unknown>(
    'UUID',
    isUuid,
    (u, c) => (isUuid(u) ? t.success(u.toLowerCase()) : t.failure(u, c, message)),
    t.identity,
  );
  return Object.assign(codec, { format: 'uuid' as const, minLength: 36, maxLength: 36 });
};

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * An intersection (plain or wrapped in t.exact) or a union (a nullable field) names its
 * members '0', '1', ...: they are not fields.
 */
const namesMembers = (type: t.Decoder<unknown, unknown> | undefined) =>
  type instanceof t.IntersectionType ||
  type instanceof t.UnionType ||
  (type instanceof t.ExactType && type.type instanceof t.IntersectionType);

function fieldName(context: t.Context): string {
  const keys = context
    .filter((entry, i) => entry.key !== '' && !namesMembers(context[i - 1]?.type))
    .map((entry) => entry.key);
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
