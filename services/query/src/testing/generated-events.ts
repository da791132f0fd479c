import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as t from 'io-ts';
import { currentSchemaVersion } from '@reflections/contracts/event-schemas';
import type { EventStore, EventToAppend, RecordedEvent } from '@reflections/platform/event-store/event-store';
import { seeded } from '@reflections/platform/testing/seeded-random';

/**
 * Varied, valid events for every event type declared in `contracts/` (any codec shaped
 * `{ type: literal, data }`), found by reading the contracts folder, so that events a
 * new feature declares are generated without changing this file.
 *
 * Events come in scenarios: one stream per scenario, the module's first event type first
 * (its creation, as contracts declare lifecycles in order), then later ones at random.
 * Fields ending in `Id` keep the scenario's value when its first event had them, so a
 * reply finds its post; `userId` and `authorId` are members registered earlier (the
 * identity module's scenarios register them), so every event has someone behind it.
 */
type EventCodec = { type: string; data: t.Mixed; codec: t.Mixed };
type Module = { name: string; events: EventCodec[] };

const CONTRACTS = path.resolve(__dirname, '../../../../contracts/src');
const MEMBER_FIELDS = new Set(['userId', 'authorId', 'memberId']);
const DAY = 24 * 60 * 60 * 1000;

function eventCodecsOf(exports: Record<string, unknown>): EventCodec[] {
  const found: EventCodec[] = [];
  for (const value of Object.values(exports)) {
    let codec = value as t.Mixed & { _tag?: string; type?: t.Mixed; props?: Record<string, t.Mixed> };
    if (codec?._tag === 'ExactType' && codec.type) codec = codec.type as typeof codec;
    const props = codec?._tag === 'InterfaceType' ? codec.props : undefined;
    const literal = props?.type as (t.Mixed & { _tag?: string; value?: unknown }) | undefined;
    if (props?.data && literal?._tag === 'LiteralType' && typeof literal.value === 'string')
      found.push({ type: literal.value, data: props.data, codec: value as t.Mixed });
  }
  return found;
}

export function contractModules(): Module[] {
  return (
    fs
      .readdirSync(CONTRACTS)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      // Every contract module, found by listing the folder: a new event type is generated without editing this file.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      .map((file) => ({ name: file.replace(/\.ts$/, ''), events: eventCodecsOf(require(path.join(CONTRACTS, file))) }))
      .filter((module) => module.events.length > 0)
  );
}

type Random = ReturnType<typeof seeded>;
type Scenario = { ids: Map<string, string>; members: readonly string[]; random: Random; start: number };

function sampleString(field: string, scenario: Scenario): string {
  const { random } = scenario;
  if (MEMBER_FIELDS.has(field) && scenario.members.length > 0 && !scenario.ids.has(field))
    return random.pick(scenario.members);
  if (field === 'id' || field.endsWith('Id')) return scenario.ids.get(field) ?? randomUUID();
  if (field === 'at' || field.endsWith('At') || field.toLowerCase().endsWith('date'))
    return new Date(scenario.start + random.int(84 * DAY)).toISOString();
  if (field.toLowerCase().includes('email')) return `${randomUUID()}@example.com`;
  return random.pick(['steady', 'a long week', 'grateful for the fire tonight', 'x', 'Quiet mind']);
}

function sample(codec: t.Mixed, field: string, scenario: Scenario, depth = 0): unknown {
  const typed = codec as t.Mixed & {
    _tag?: string;
    type?: t.Mixed;
    types?: t.Mixed[];
    props?: Record<string, t.Mixed>;
    keys?: Record<string, unknown>;
    value?: unknown;
  };
  const { random } = scenario;
  switch (typed._tag) {
    case 'InterfaceType':
      return Object.fromEntries(
        Object.entries(typed.props ?? {}).map(([name, prop]) => [name, sample(prop, name, scenario, depth + 1)]),
      );
    case 'PartialType':
      return Object.fromEntries(
        Object.entries(typed.props ?? {}).flatMap(([name, prop]) =>
          random.next() < 0.5 ? [[name, sample(prop, name, scenario, depth + 1)]] : [],
        ),
      );
    case 'ExactType':
    case 'ReadonlyType':
    case 'RefinementType':
      return sample(typed.type!, field, scenario, depth);
    case 'IntersectionType':
      return Object.assign({}, ...(typed.types ?? []).map((part) => sample(part, field, scenario, depth)));
    case 'UnionType': {
      const types = typed.types ?? [];
      const notNull = types.filter((member) => (member as { _tag?: string })._tag !== 'NullType');
      return sample(
        random.next() < 0.85 && notNull.length > 0 ? random.pick(notNull) : random.pick(types),
        field,
        scenario,
        depth,
      );
    }
    case 'LiteralType':
      return typed.value;
    case 'KeyofType':
      return random.pick(Object.keys(typed.keys ?? {}));
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return depth > 4
        ? []
        : Array.from({ length: 1 + random.int(3) }, () => sample(typed.type!, field, scenario, depth + 1));
    case 'StringType':
      return sampleString(field, scenario);
    case 'NumberType':
      return random.int(100);
    case 'BooleanType':
      return random.next() < 0.5;
    case 'NullType':
      return null;
    default: {
      // A codec with the specification's message: sample the codec it wraps.
      const wrapped = (codec as { wrapped?: t.Mixed }).wrapped;
      if (wrapped) return sample(wrapped, field, scenario, depth);
      // A custom codec (a bounded text, an id format...): the first candidate it accepts.
      return (
        [
          sampleString(field, scenario),
          'A few honest words.',
          randomUUID(),
          new Date(scenario.start).toISOString(),
          1,
          true,
        ].find((candidate) => codec.is(candidate)) ?? null
      );
    }
  }
}

/** One valid event of this type, or null when no sample satisfied its codec. */
function generate(event: EventCodec, scenario: Scenario): { type: string; data: Record<string, unknown> } | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = { type: event.type, data: sample(event.data, 'data', scenario) as Record<string, unknown> };
    if (event.codec.decode(candidate)._tag === 'Right') return candidate;
  }
  return null;
}

/** `appends` groups of events, each group one append to its own stream. */
export function generateEventLog(options: { appends: number; seed?: number; start?: Date }): EventToAppend[][] {
  const random = seeded(options.seed ?? 42);
  const start = (options.start ?? new Date('2026-06-01T00:00:00Z')).getTime();
  const modules = contractModules();
  const identity = modules.find((module) => module.events.some((event) => event.type === 'UserRegistered'));
  const members: string[] = [];
  const groups: EventToAppend[][] = [];
  for (let i = 0; i < options.appends; i++) {
    // Register first, then a member every few scenarios, so every module has members to refer to.
    const module = identity && (members.length < 5 || random.next() < 0.2) ? identity : random.pick(modules);
    const [first, ...later] =
      module === identity
        ? [
            identity.events.find((e) => e.type === 'UserRegistered')!,
            ...identity.events.filter((e) => e.type !== 'UserRegistered' && e.type !== 'EmailReserved'),
          ]
        : module.events;
    const scenario: Scenario = { ids: new Map(), members, random, start };
    if (module === identity) scenario.ids.set('userId', randomUUID());
    const opening = generate(first, scenario);
    if (!opening) continue;
    // The ids of the opening event identify the scenario's aggregate for every later event.
    for (const [field, value] of Object.entries(opening.data))
      if ((field === 'id' || field.endsWith('Id')) && typeof value === 'string') scenario.ids.set(field, value);
    const followers =
      later.length === 0 ? [] : Array.from({ length: random.int(6) }, () => generate(random.pick(later), scenario));
    const events = [opening, ...followers.filter((event) => event !== null)];
    if (module === identity && typeof opening.data.userId === 'string') members.push(opening.data.userId);
    const causedBy = typeof opening.data.userId === 'string' ? opening.data.userId : null;
    groups.push(
      events.map((event) => ({
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: { causedBy, correlationId: randomUUID(), schemaVersion: currentSchemaVersion(event.type) },
      })),
    );
  }
  return groups;
}

export const streamOf = (group: readonly EventToAppend[]) => `generated-${group[0].type}-${randomUUID()}`;

/**
 * The whole log once all `count` events are readable: a reader only gets events older
 * than every running transaction, so the last appends can take a moment to show.
 */
export async function settledLog(store: EventStore, count: number): Promise<RecordedEvent[]> {
  for (;;) {
    const events = await store.readAll({ maxCount: count + 1 });
    if (events.length >= count) return events;
    await sleep(10);
  }
}
