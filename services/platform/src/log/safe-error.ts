/**
 * What of an error may be logged: its name, code, message and stack frames. PostgreSQL's
 * errors carry the failing row in `detail`/`where` and the query's parameters, and MikroORM
 * folds the query, its values, the detail and the hint into the message: all of it may be a
 * member's journal entry or email address, so none of it is kept.
 */
export type SafeError = {
  name: string;
  code?: string;
  message: string;
  stack?: string;
  cause?: SafeError;
  table?: string;
  column?: string;
  constraint?: string;
};

/** Names from the schema, never a member's data: they say where a database error happened. */
const SCHEMA_FIELDS = ['table', 'column', 'constraint'] as const;

const isDatabaseError = (error: Record<string, unknown>) =>
  typeof error.sqlState === 'string' ||
  (typeof error.severity === 'string' && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code));

/**
 * A database message without its values: SQL string literals (MikroORM prefixes the query and
 * ' - '), a quoted value after a colon (`invalid input syntax for type uuid: "..."`), and the
 * detail/hint lines MikroORM appends. Values go first, so a ' - ' inside one cannot move the cut.
 */
function databaseMessage(message: string, prefixedWithQuery: boolean): string {
  const own = message
    .split('\n')[0]
    .replace(/'(?:[^']|'')*'/g, "'[redacted]'")
    .replace(/: ".*$/, ': "[redacted]"');
  return prefixedWithQuery && own.includes(' - ') ? own.slice(own.lastIndexOf(' - ') + 3) : own;
}

function frames(stack: unknown): string {
  return typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.trim().startsWith('at '))
        .join('\n')
    : '';
}

/** Read by its fields, not `instanceof Error`: Node's own errors come from another realm under jest. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (typeof error !== 'object' || error === null) return { name: typeof error, message: '[a thrown non-error value]' };
  const fields = error as Record<string, unknown>;
  const name = typeof fields.name === 'string' ? fields.name : 'Error';
  const raw = typeof fields.message === 'string' ? fields.message : '';
  const database = isDatabaseError(fields);
  const message = database ? databaseMessage(raw, typeof fields.sqlState === 'string') : raw;
  const schema = database
    ? Object.fromEntries(
        SCHEMA_FIELDS.filter((field) => typeof fields[field] === 'string').map((field) => [
          field,
          fields[field] as string,
        ]),
      )
    : {};
  const code =
    typeof fields.sqlState === 'string' ? fields.sqlState : typeof fields.code === 'string' ? fields.code : undefined;
  const stackFrames = frames(fields.stack);
  const safe: SafeError = {
    name,
    ...(code ? { code } : {}),
    ...schema,
    message,
    stack: `${name}: ${message}${stackFrames ? `\n${stackFrames}` : ''}`,
  };
  return fields.cause !== undefined && depth < 3 ? { ...safe, cause: safeError(fields.cause, depth + 1) } : safe;
}
