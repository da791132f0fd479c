import * as t from 'io-ts';
import { toJsonSchema } from './json-schema';
import { withMessage } from './validation';

describe('toJsonSchema', () => {
  it('describes objects, their required and optional fields, literals, enums and arrays', () => {
    const codec = t.exact(
      t.intersection([
        t.type({
          name: t.string,
          count: t.number,
          kind: t.keyof({ a: null, b: null }),
          sure: t.literal(true),
          tags: t.readonlyArray(t.string),
          note: t.union([t.string, t.undefined]),
        }),
        t.partial({ gone: t.union([t.boolean, t.null]) }),
      ]),
    );
    expect(toJsonSchema(codec)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        count: { type: 'number' },
        kind: { type: 'string', enum: ['a', 'b'] },
        sure: { type: 'boolean', const: true },
        tags: { type: 'array', items: { type: 'string' } },
        note: { type: 'string' },
        gone: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
      },
      required: ['name', 'count', 'kind', 'sure', 'tags'],
    });
  });

  it('turns a union of literals into an enum and a record into additionalProperties', () => {
    expect(toJsonSchema(t.union([t.literal('open'), t.literal('all')]))).toEqual({ enum: ['open', 'all'] });
    expect(toJsonSchema(t.record(t.string, t.number))).toEqual({
      type: 'object',
      additionalProperties: { type: 'number' },
    });
    expect(toJsonSchema(t.readonly(t.type({ a: t.null })))).toEqual({
      type: 'object',
      properties: { a: { type: 'null' } },
      required: ['a'],
    });
  });

  it('sees through withMessage and brands, and reads the bounds a custom codec states about itself', () => {
    const bounded = Object.assign(
      new t.Type<string, string, unknown>(
        'Bounded',
        (u): u is string => typeof u === 'string',
        (u, c) => (typeof u === 'string' ? t.success(u) : t.failure(u, c)),
        t.identity,
      ),
      { minLength: 1, maxLength: 50 },
    );
    expect(toJsonSchema(withMessage(bounded, 'Too long'))).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 50,
      description: 'Bounded',
    });
    const choice = Object.assign(
      new t.Type<string, string, unknown>(
        'OneOf',
        (u): u is string => u === 'a',
        (u, c) => (u === 'a' ? t.success(u) : t.failure(u, c)),
        t.identity,
      ),
      { enum: ['a'] },
    );
    expect(toJsonSchema(choice)).toEqual({ enum: ['a'], description: 'OneOf' });
    const emptyList = Object.assign(
      new t.Type<string[], string[], unknown>(
        'EmptyList',
        (u): u is string[] => Array.isArray(u) && u.length === 0,
        (u, c) => t.failure(u, c),
        t.identity,
      ),
      { type: 'array', maxItems: 0 },
    );
    expect(toJsonSchema(emptyList)).toEqual({ type: 'array', maxItems: 0, description: 'EmptyList' });
    expect(toJsonSchema(withMessage(t.number, 'A number'))).toEqual({ type: 'number' });
    interface PositiveBrand {
      readonly Positive: unique symbol;
    }
    const positive = t.brand(t.number, (n): n is t.Branded<number, PositiveBrand> => n > 0, 'Positive');
    expect(toJsonSchema(positive)).toEqual({ type: 'number', description: 'Positive' });
  });

  it('makes an unknown custom codec an empty schema with a description rather than failing', () => {
    const custom = new t.Type<Date, string, unknown>(
      'DateFromString',
      (u): u is Date => u instanceof Date,
      (u, c) => t.failure(u, c),
      String,
    );
    const schema = toJsonSchema(t.type({ when: custom }));
    expect((schema.properties as Record<string, { description: string }>).when.description).toMatch(/DateFromString/);
  });

  it('stops at a recursive codec instead of looping', () => {
    type Tree = { children: Tree[] };
    const Tree: t.Type<Tree> = t.recursion('Tree', () => t.type({ children: t.array(Tree) }));
    expect(JSON.stringify(toJsonSchema(Tree))).toContain('recursive');
  });
});
