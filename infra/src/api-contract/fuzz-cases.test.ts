import * as t from 'io-ts';
import type { ApiRoute } from '@reflections/contracts/api-routes';
import { boundedText } from '@reflections/contracts/validation';
import { fuzzCases } from './fuzz-cases';
import { KnownIds } from './known-ids';

const route: ApiRoute = {
  method: 'post',
  path: '/api/things/:thingId/notes',
  service: 'command',
  summary: 'A note on a thing',
  caller: 'member',
  params: t.type({ thingId: t.string }),
  body: t.exact(
    t.type({
      note: boundedText({ min: 1, max: 20, tooShort: 'Required', label: 'Note' }),
      email: t.string,
      count: t.number,
    }),
  ),
  response: { status: 201 },
  errors: [404],
};

const text = (body: Buffer | undefined) => body?.toString('utf8') ?? '';

describe('fuzz cases of a route', () => {
  it('start from a valid body and bend one field at a time, up to the bound the codec states', () => {
    const { cases, validBase } = fuzzCases(route, 500, new KnownIds());
    expect(validBase).toBe(true);
    const named = (name: string) => cases.find((c) => c.name === name);
    expect(JSON.parse(text(named('note: NUL')?.body)).note).toContain('\u0000');
    expect(JSON.parse(text(named('note: max+1 (21)')?.body)).note).toHaveLength(21);
    expect(text(named('note: lone high surrogate')?.body)).toContain('\\ud83d');
    expect(named('count: 1e999 (Infinity)')).toBeDefined();
    expect(named('email: missing')).toBeDefined();
    expect(text(named('__proto__ key')?.body)).toMatch(/^\{"__proto__":/);
    expect(named('path thingId: NUL')?.path).toMatch(/^\/api\/things\/%00\/notes$/);
    expect(named('X-Min-Position: not a position')?.headers).toEqual({ 'x-min-position': 'garbage' });
  });

  it('give every case a new email address, and use the ids the run has seen', () => {
    const known = new KnownIds();
    known.harvest('/api/things', { id: 'thing-1' });
    const { cases } = fuzzCases(route, 500, known);
    expect(cases[0]).toMatchObject({ name: 'valid', path: '/api/things/thing-1/notes' });
    // Cases that bend the address itself start from one; every other body has its own.
    const emails = cases
      .filter((c) => c.body && !c.contentType && !c.name.startsWith('email:'))
      .map((c) => text(c.body).match(/fuzz-[\w-]+@example\.com/)?.[0])
      .filter(Boolean);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('stop at the cap, keeping the first round of every kind', () => {
    const { cases } = fuzzCases(route, 12, new KnownIds());
    expect(cases).toHaveLength(12);
    expect(cases.map((c) => c.name)).toEqual(
      expect.arrayContaining(['valid', 'path thingId: not a UUID', 'malformed JSON', 'note: NUL']),
    );
  });
});
