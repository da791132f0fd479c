import { randomUUID } from 'node:crypto';
import type * as t from 'io-ts';

type Walkable = t.Mixed & {
  _tag?: string;
  type?: Walkable;
  types?: Walkable[];
  props?: Record<string, Walkable>;
  keys?: Record<string, unknown>;
  value?: unknown;
  wrapped?: Walkable;
};

const decodes = (codec: t.Mixed, value: unknown) => codec.decode(value)._tag === 'Right';

/** Values a custom codec may accept, the likeliest for this field's name first. */
function candidates(field: string): unknown[] {
  const name = field.toLowerCase();
  const email = `fuzz-${randomUUID()}@example.com`;
  const future = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
  const prose = 'A few honest words about a long week at work and the quiet after it.';
  const likely = name.includes('email')
    ? [email]
    : name.endsWith('at') || name.includes('date')
      ? [future]
      : name.endsWith('id')
        ? [randomUUID()]
        : [prose];
  return [
    ...likely,
    prose,
    'Steady words',
    'steady-breath-42',
    email,
    future,
    randomUUID(),
    '12',
    'x',
    '',
    12,
    1,
    true,
    false,
    null,
    [],
    [prose],
  ];
}

/**
 * One value the codec accepts, built by walking it (optional fields included, so each can
 * be bent), for the fuzz suite to change one thing at a time. A custom codec gets the
 * first candidate it decodes; `undefined` when nothing fits.
 */
export function validSample(codec: t.Mixed, field = 'body'): unknown {
  const walkable = codec as Walkable;
  switch (walkable._tag) {
    case 'InterfaceType':
    case 'PartialType':
    case 'StrictType': {
      const entries = Object.entries(walkable.props ?? {}).map(
        ([name, prop]) => [name, validSample(prop, name)] as const,
      );
      return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
    }
    case 'ExactType':
    case 'ReadonlyType':
      return validSample(walkable.type!, field);
    case 'RefinementType': {
      const base = validSample(walkable.type!, field);
      return decodes(codec, base) ? base : candidates(field).find((candidate) => decodes(codec, candidate));
    }
    case 'IntersectionType':
      return Object.assign({}, ...(walkable.types ?? []).map((member) => validSample(member, field)));
    case 'UnionType': {
      for (const member of walkable.types ?? []) {
        const value = validSample(member, field);
        if (value !== undefined && decodes(member, value)) return value;
      }
      return undefined;
    }
    case 'LiteralType':
      return walkable.value;
    case 'KeyofType':
      return Object.keys(walkable.keys ?? {})[0];
    case 'ArrayType':
    case 'ReadonlyArrayType': {
      const item = validSample(walkable.type!, field);
      return item === undefined ? [] : [item];
    }
    case 'DictionaryType':
      return {};
    case 'StringType':
      return candidates(field)[0];
    case 'NumberType':
      return 1;
    case 'BooleanType':
      return true;
    case 'NullType':
      return null;
    case 'UndefinedType':
    case 'VoidType':
      return undefined;
    case 'UnknownType':
    case 'AnyType':
      return 'x';
    default: {
      const inner = walkable.wrapped ? validSample(walkable.wrapped, field) : undefined;
      if (inner !== undefined && decodes(codec, inner)) return inner;
      return candidates(field).find((candidate) => decodes(codec, candidate));
    }
  }
}
