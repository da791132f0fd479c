import { randomUUID } from 'node:crypto';
import type { ApiRoute } from '@reflections/contracts/api-routes';
import { type JsonSchema, toJsonSchema } from '@reflections/contracts/json-schema';
import type { KnownIds } from './known-ids';
import { validSample } from './valid-sample';

/** One request to send: the path (already percent-encoded as wanted), and the raw body bytes. */
export type FuzzCase = {
  name: string;
  path: string;
  body?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
};

const MEGABYTE = 1024 * 1024;
/** Long enough to overflow any column narrower than text, short enough to pass the body limit. */
const LONG_TEXT = 10_000;

/** Path ids of every shape: not a UUID, NUL, very long, climbing up, broken or odd percent-encoding. */
const PATH_IDS: readonly [string, string][] = [
  ['not a UUID', 'not-a-uuid'],
  ['NUL', '%00'],
  ['4 KB long', 'a'.repeat(4096)],
  ['..', '..'],
  ['../ encoded', '..%2F..%2Fauth%2Fuser'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['lone surrogate (UTF-8 bytes)', '%ED%A0%BD'],
  ['RTL override', '%E2%80%AE' + randomUUID()],
  ['SQL quote', "'%20OR%20'1'='1"],
  ['upper-case UUID', randomUUID().toUpperCase()],
  ['nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['unknown UUID', randomUUID()],
];

/** A query-string value of every shape (raw, already encoded). */
const QUERY_VALUES: readonly [string, string][] = [
  ['NUL', '%00'],
  ['lone surrogate (UTF-8 bytes)', '%ED%A0%BD'],
  ['broken percent-encoding', '%'],
  ['RTL override', '%E2%80%AEabc'],
  ['negative', '-1'],
  ['huge number', '99999999999999999999'],
  ['1e309', '1e309'],
  ['NaN', 'NaN'],
  ['empty', ''],
  ['8 KB long', 'x'.repeat(8192)],
];

/** Headers every route reads before its own code runs: the read-your-writes wait, idempotency, the session, the origin. */
const HEADERS: readonly [string, Record<string, string>][] = [
  ['X-Min-Position: not a position', { 'x-min-position': 'garbage' }],
  ['X-Min-Position: beyond the log', { 'x-min-position': '99999999999999999999:99999999999999999999' }],
  ['Idempotency-Key: 300 characters', { 'idempotency-key': 'k'.repeat(300) }],
  ['Idempotency-Key: %00', { 'idempotency-key': '%00' }],
  ['Cookie: forged session', { cookie: `reflections.sid=${'a'.repeat(64)}; reflections.sid.sig=forged` }],
  ['Origin: another site', { origin: 'https://elsewhere.example' }],
];

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
/** `{"key": value, ...rest}` written by hand: an object literal cannot carry an own `__proto__` key. */
const withRawKey = (key: string, value: string, rest: Record<string, unknown>) => {
  const tail = JSON.stringify(rest).slice(1);
  return Buffer.from(`{"${key}":${value}${tail === '}' ? '}' : `,${tail}`}`);
};

/** The JSON Schema of a field, looked for in the body schema's properties, anyOf and allOf. */
function fieldSchema(schema: JsonSchema, name: string): JsonSchema {
  const own = (schema.properties as Record<string, JsonSchema> | undefined)?.[name];
  if (own) return own;
  for (const member of [...((schema.anyOf as JsonSchema[]) ?? []), ...((schema.allOf as JsonSchema[]) ?? [])]) {
    const found = fieldSchema(member, name);
    if (Object.keys(found).length > 0) return found;
  }
  return {};
}

/** Every way to bend one text value: NUL, lone surrogates, RTL override, too long, blank. */
function textVariants(value: string, maxLength: number | undefined): [string, string][] {
  const middle = Math.floor(value.length / 2);
  return [
    ['NUL', `${value.slice(0, middle)}\u0000${value.slice(middle)}`],
    ['lone high surrogate', `${value}\ud83d`],
    ['lone low surrogate', `\udc00${value}`],
    [
      maxLength === undefined ? `${LONG_TEXT} characters` : `max+1 (${maxLength + 1})`,
      'x'.repeat(maxLength === undefined ? LONG_TEXT : maxLength + 1),
    ],
    ['RTL override', `\u202e${value}`],
    ['blank', '   '],
  ];
}

/** Wrong types for a value of this JSON type. */
function wrongTypes(value: unknown): [string, unknown][] {
  const kinds: [string, unknown][] = [
    ['null', null],
    ['number', 12345],
    ['string', 'not the right type'],
    ['object', { $gt: '' }],
    ['array', ['x']],
    ['boolean', true],
  ];
  const own = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return kinds.filter(([kind]) => kind !== own);
}

const NUMBERS: readonly [string, unknown][] = [
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['2^53+1', 2 ** 53 + 1],
];

/** Field-level cases, grouped by kind so a cap keeps the strongest kinds for every field. */
function fieldCases(fresh: () => Record<string, unknown>, schema: JsonSchema): FuzzCase[][] {
  const base = fresh();
  const byKind = new Map<string, FuzzCase[]>();
  const add = (kind: string, name: string, body: Buffer) => {
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind)!.push({ name, path: '', body });
  };
  for (const [field, value] of Object.entries(base)) {
    const own = fieldSchema(schema, field);
    // A list of texts (a story's answers) is bent in its last item.
    const lastText = Array.isArray(value) && typeof value.at(-1) === 'string' ? (value.at(-1) as string) : null;
    const texts =
      typeof value === 'string'
        ? textVariants(value, own.maxLength as number | undefined)
        : lastText !== null
          ? textVariants(lastText, (own.items as JsonSchema | undefined)?.maxLength as number | undefined)
          : [];
    for (const [kind, text] of texts)
      add(
        kind,
        `${field}: ${kind}`,
        json({ ...fresh(), [field]: Array.isArray(value) ? [...value.slice(0, -1), text] : text }),
      );
    if (typeof value === 'string') {
      // Invalid UTF-8 inside the string: 0xC3 0x28 is a broken two-byte sequence, 0xFF never occurs in UTF-8.
      const [before, after] = JSON.stringify({ ...fresh(), [field]: '\u0001' }).split('\\u0001');
      add(
        'broken UTF-8',
        `${field}: broken UTF-8 bytes`,
        Buffer.concat([Buffer.from(before), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(after)]),
      );
    }
    if (typeof value === 'number')
      for (const [kind, number] of NUMBERS)
        add(`number ${kind}`, `${field}: ${kind}`, json({ ...fresh(), [field]: number }));
    if (typeof value === 'number')
      add(
        'number 1e999',
        `${field}: 1e999 (Infinity)`,
        Buffer.from(JSON.stringify({ ...fresh(), [field]: '\u0001' }).replace('"\\u0001"', '1e999')),
      );
    const { [field]: _missing, ...without } = fresh();
    add('missing', `${field}: missing`, json(without));
    for (const [kind, wrong] of wrongTypes(value))
      add(`wrong type ${kind}`, `${field}: ${kind} instead`, json({ ...fresh(), [field]: wrong }));
  }
  return [...byKind.values()];
}

/** Cases about the body as a whole: not JSON, not an object, hostile keys, too big. */
function bodyCases(fresh: () => Record<string, unknown>, firstText: string | undefined): FuzzCase[] {
  const cases: FuzzCase[] = [
    { name: 'malformed JSON', path: '', body: Buffer.from('{"a":') },
    { name: 'not JSON (text/plain)', path: '', body: Buffer.from('a=1&b=2'), contentType: 'text/plain' },
    { name: 'JSON array', path: '', body: json([fresh()]) },
    { name: 'JSON string', path: '', body: json('x') },
    { name: 'JSON null', path: '', body: Buffer.from('null') },
    { name: 'JSON 1e999', path: '', body: Buffer.from('1e999') },
    { name: 'empty object', path: '', body: json({}) },
    { name: 'nested 5000 deep', path: '', body: Buffer.from('['.repeat(5000) + ']'.repeat(5000)) },
    { name: '__proto__ key', path: '', body: withRawKey('__proto__', '{"role":"admin","isAdmin":true}', fresh()) },
    { name: 'constructor key', path: '', body: withRawKey('constructor', '{"prototype":{"role":"admin"}}', fresh()) },
    { name: 'extra field', path: '', body: json({ ...fresh(), role: 'admin', authorId: randomUUID() }) },
    {
      name: 'broken UTF-8 body',
      path: '',
      body: Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from('"}')]),
    },
  ];
  cases.push({
    name: `1 MB ${firstText ?? 'body'}`,
    path: '',
    body: json(firstText ? { ...fresh(), [firstText]: 'x'.repeat(MEGABYTE) } : { x: 'x'.repeat(MEGABYTE) }),
  });
  return cases;
}

/** Round-robin over the kinds, so that a cap drops whole rounds, not whole kinds. */
function interleave(groups: FuzzCase[][]): FuzzCase[] {
  const out: FuzzCase[] = [];
  for (let round = 0; groups.some((group) => round < group.length); round++)
    for (const group of groups) if (round < group.length) out.push(group[round]);
  return out;
}

/**
 * The body each case starts from: the table's example or a sample of the codec, with ids
 * the run knows (a booking's `userId` is a real member) and a new address in every email
 * field, since an address taken by an earlier case would refuse the whole body.
 */
function startingBody(route: ApiRoute, known: KnownIds): () => Record<string, unknown> {
  const sampled = route.example ?? (route.body ? validSample(route.body) : {});
  const base = (typeof sampled === 'object' && sampled !== null && !Array.isArray(sampled) ? sampled : {}) as Record<
    string,
    unknown
  >;
  return () =>
    Object.fromEntries(
      Object.entries(base).map(([field, value]) => [
        field,
        typeof value === 'string' && field.toLowerCase().includes('email')
          ? `fuzz-${randomUUID()}@example.com`
          : (known.forField(field) ?? value),
      ]),
    );
}

function fillPath(route: ApiRoute, values: Record<string, string>) {
  return route.path.replace(/:(\w+)/g, (_, name: string) => values[name]);
}

/**
 * The cases for one route, at most `cap`, read from its table entry and codecs: valid
 * values to start from, then one thing bent at a time (path ids, query values, the body
 * as a whole, each field). A new route in the table is fuzzed with no change here.
 */
export function fuzzCases(route: ApiRoute, cap: number, known: KnownIds): { cases: FuzzCase[]; validBase: boolean } {
  const paramValues = Object.fromEntries(
    [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, known.forParam(route.path, name) ?? randomUUID()]),
  );
  const basePath = fillPath(route, paramValues);
  const groups: FuzzCase[][] = [];

  const pathGroup = Object.keys(paramValues).flatMap((name) =>
    PATH_IDS.map(([kind, raw]) => ({
      name: `path ${name}: ${kind}`,
      path: fillPath(route, { ...paramValues, [name]: raw }),
    })),
  );
  groups.push(pathGroup);

  let validBase = true;
  if (route.query) {
    const sample = (validSample(route.query) ?? {}) as Record<string, unknown>;
    validBase &&= route.query.decode(sample)._tag === 'Right';
    const queryGroups = QUERY_VALUES.map(([kind, raw]) =>
      Object.keys(sample).map((name) => {
        const others = Object.entries(sample)
          .filter(([other]) => other !== name)
          .map(([other, value]) => `${other}=${encodeURIComponent(String(value))}`);
        return { name: `query ${name}: ${kind}`, path: `${basePath}?${[...others, `${name}=${raw}`].join('&')}` };
      }),
    );
    const repeated = Object.keys(sample).map((name) => ({
      name: `query ${name}: repeated`,
      path: `${basePath}?${name}=1&${name}=2`,
    }));
    groups.push(...queryGroups, repeated);
  }
  // Last, so a small cap (the AI routes) spends itself on the body first.
  const generic: FuzzCase[][] = [
    [{ name: 'query: __proto__ and constructor', path: `${basePath}?__proto__=x&constructor=y&toString=1` }],
    HEADERS.map(([name, headers]) => ({ name, path: basePath, headers })),
  ];

  if (route.method !== 'get') {
    const fresh = startingBody(route, known);
    const base = fresh();
    if (route.body) validBase &&= route.body.decode(base)._tag === 'Right';
    const schema = route.body ? toJsonSchema(route.body) : {};
    const firstText = Object.keys(base).find((field) => typeof base[field] === 'string');
    groups.unshift([{ name: 'valid', path: basePath, body: json(base) }]);
    for (const fuzz of generic.flat()) fuzz.body = json(fresh());
    groups.push(bodyCases(fresh, firstText).map((c) => ({ ...c, path: basePath })));
    groups.push(...fieldCases(fresh, schema).map((group) => group.map((c) => ({ ...c, path: basePath }))));
  } else {
    groups.unshift([{ name: 'valid', path: basePath }]);
  }
  return { cases: interleave([...groups, ...generic]).slice(0, cap), validBase };
}
