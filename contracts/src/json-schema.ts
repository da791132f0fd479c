import type * as t from 'io-ts';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * Facts a custom codec (`new t.Type`) may carry on itself, read as the JSON Schema keywords
 * of the same name: the bounded text codecs expose `minLength`/`maxLength`, a path id its
 * `format`, a choice its `enum`, a list its `type`, `items` and `maxItems`. io-ts cannot say
 * what a custom codec accepts; these can.
 */
const STATED_KEYWORDS = [
  'type',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'minProperties',
] as const;

type Walkable = t.Decoder<unknown, unknown> & {
  _tag?: string;
  name: string;
  type?: Walkable;
  types?: Walkable[];
  props?: Record<string, Walkable>;
  keys?: Record<string, unknown>;
  value?: unknown;
  domain?: Walkable;
  codomain?: Walkable;
  wrapped?: Walkable;
};

/** Plain data, not a codec: io-ts's own `type` property (an exact or refined codec's inner codec) is no keyword. */
const isJsonValue = (value: unknown): boolean =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  Array.isArray(value) ||
  (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype);

const stated = (codec: Walkable): JsonSchema => {
  const keywords: JsonSchema = {};
  for (const keyword of STATED_KEYWORDS) {
    const value = (codec as unknown as Record<string, unknown>)[keyword];
    if (isJsonValue(value)) keywords[keyword] = value;
  }
  return keywords;
};

/** `undefined` in a union makes a property optional; it has no JSON form. */
const isUndefined = (codec: Walkable) => codec._tag === 'UndefinedType' || codec._tag === 'VoidType';
const acceptsUndefined = (codec: Walkable): boolean => {
  if (isUndefined(codec)) return true;
  if (codec._tag === 'UnionType') return (codec.types ?? []).some(acceptsUndefined);
  if (codec._tag === 'ReadonlyType' || codec._tag === 'RefinementType') return acceptsUndefined(codec.type!);
  if (codec.wrapped) return acceptsUndefined(codec.wrapped);
  return false;
};

const literalType = (value: unknown) => (value === null ? 'null' : typeof value);

function objectSchema(props: Record<string, Walkable>, allRequired: boolean, seen: Set<Walkable>): JsonSchema {
  const properties = Object.fromEntries(Object.entries(props).map(([name, prop]) => [name, walk(prop, seen)]));
  const required = allRequired ? Object.keys(props).filter((name) => !acceptsUndefined(props[name])) : [];
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Members that are all plain objects become one object (clearer to readers and tools than allOf). */
function intersectionSchema(parts: JsonSchema[]): JsonSchema {
  const plain = parts.every(
    (part) =>
      part.type === 'object' &&
      part.properties &&
      Object.keys(part).every((key) => ['type', 'properties', 'required'].includes(key)),
  );
  if (!plain) return { allOf: parts };
  const required = parts.flatMap((part) => (part.required as string[] | undefined) ?? []);
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties)),
    ...(required.length > 0 ? { required: [...new Set(required)] } : {}),
  };
}

function unionSchema(members: Walkable[], seen: Set<Walkable>): JsonSchema {
  const present = members.filter((member) => !isUndefined(member));
  if (present.length > 0 && present.every((member) => member._tag === 'LiteralType'))
    return { enum: present.map((member) => member.value) };
  const schemas = present.map((member) => walk(member, seen));
  return schemas.length === 1 ? schemas[0] : { anyOf: schemas };
}

function walk(codec: Walkable, seen: Set<Walkable>): JsonSchema {
  if (seen.has(codec)) return { description: `${codec.name} (recursive)` };
  seen = new Set(seen).add(codec);
  switch (codec._tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'UnknownType':
    case 'AnyType':
    case 'UndefinedType':
    case 'VoidType':
      return {};
    case 'LiteralType':
      return { type: literalType(codec.value), const: codec.value };
    case 'KeyofType':
      return { type: 'string', enum: Object.keys(codec.keys ?? {}) };
    case 'InterfaceType':
      return objectSchema(codec.props ?? {}, true, seen);
    case 'PartialType':
      return objectSchema(codec.props ?? {}, false, seen);
    case 'ExactType':
    case 'ReadonlyType':
    case 'RecursiveType':
      return walk(codec.type!, seen);
    case 'StrictType':
      return objectSchema(codec.props ?? {}, true, seen);
    case 'RefinementType':
      // A branded or refined codec accepts less than its base; what it refuses is in its name.
      return { ...walk(codec.type!, seen), description: codec.name, ...stated(codec) };
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: walk(codec.type!, seen) };
    case 'TupleType':
      return {
        type: 'array',
        prefixItems: (codec.types ?? []).map((member) => walk(member, seen)),
        minItems: codec.types?.length ?? 0,
        maxItems: codec.types?.length ?? 0,
      };
    case 'DictionaryType': {
      const values = walk(codec.codomain!, seen);
      const domain = codec.domain!;
      if (domain._tag === 'KeyofType')
        return {
          type: 'object',
          propertyNames: { enum: Object.keys(domain.keys ?? {}) },
          additionalProperties: values,
        };
      return { type: 'object', additionalProperties: values };
    }
    case 'UnionType':
      return unionSchema(codec.types ?? [], seen);
    case 'IntersectionType':
      return intersectionSchema((codec.types ?? []).map((member) => walk(member, seen)));
    default: {
      // withMessage and its kin keep the codec they wrap as `wrapped`.
      if (codec.wrapped) return { ...walk(codec.wrapped, seen), ...stated(codec) };
      const keywords = stated(codec);
      if (Object.keys(keywords).length === 0)
        return { description: `${codec.name}: checked by its own code; this schema cannot say more` };
      const typed =
        !('type' in keywords) && ['minLength', 'maxLength', 'pattern', 'format'].some((keyword) => keyword in keywords)
          ? { type: 'string' }
          : {};
      return { ...typed, ...keywords, description: codec.name };
    }
  }
}

/**
 * The JSON Schema of an io-ts codec: what the OpenAPI document shows and what the fuzz
 * suite bends. A custom codec it cannot see into becomes `{}` with a description, never
 * an error, so a new codec never breaks the document.
 */
export const toJsonSchema = (codec: t.Decoder<unknown, unknown>): JsonSchema => walk(codec as Walkable, new Set());
