import type { TextLimit } from '../components/limited-text-field';

type Walkable = {
  readonly maxLength?: unknown;
  readonly props?: Record<string, unknown>;
  readonly type?: unknown;
  readonly types?: readonly unknown[];
  readonly wrapped?: unknown;
  readonly decode?: (input: unknown) => {
    readonly _tag: string;
    readonly left?: readonly { readonly message?: string }[];
  };
};

const asWalkable = (codec: unknown): Walkable | null =>
  (typeof codec === 'object' || typeof codec === 'function') && codec !== null ? (codec as Walkable) : null;

/** The field's own message for a text one character past its maximum, as the server would answer it. */
function tooLongOf(codec: Walkable, max: number): string {
  const result = codec.decode?.('a'.repeat(max + 1));
  return result?._tag === 'Left'
    ? (result.left?.find((error) => error.message)?.message ?? `At most ${max} characters`)
    : `At most ${max} characters`;
}

function limitOf(codec: unknown): TextLimit | null {
  const walkable = asWalkable(codec);
  if (!walkable) return null;
  if (typeof walkable.maxLength === 'number')
    return { max: walkable.maxLength, tooLong: tooLongOf(walkable, walkable.maxLength) };
  // A text that may also be null (t.union([text, t.null])) or a message wrapped around one.
  for (const inner of [walkable.wrapped, ...(walkable.types ?? [])]) {
    const found = limitOf(inner);
    if (found) return found;
  }
  return null;
}

/**
 * Every bounded text field of a request codec from contracts/ (exact, intersections, partials),
 * with the maximum the server enforces and the message it answers past it: the forms show the
 * same number and words as the API (issue 25).
 */
export function textLimitsOf(codec: unknown): Record<string, TextLimit> {
  const walkable = asWalkable(codec);
  if (!walkable) return {};
  if (walkable.props) {
    return Object.fromEntries(
      Object.entries(walkable.props).flatMap(([field, fieldCodec]) => {
        const limit = limitOf(fieldCodec);
        return limit ? [[field, limit]] : [];
      }),
    );
  }
  const parts = [walkable.type, walkable.wrapped, ...(walkable.types ?? [])].filter((part) => part !== undefined);
  return Object.assign({}, ...parts.map(textLimitsOf)) as Record<string, TextLimit>;
}
