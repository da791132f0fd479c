import { randomUUID } from 'node:crypto';
import { derivedId } from '@reflections/ai-worker/ids';
import type * as t from 'io-ts';
import { currentSchemaVersion } from '@reflections/contracts/event-schemas';
import type { EventMetadata } from '@reflections/contracts/metadata';
import type { AppendResult, EventStore, EventToAppend, ExpectedRevision, RecordedEvent } from '@reflections/platform/event-store/event-store';

export type Loaded<S> = { state: S; expectedRevision: ExpectedRevision };

/** The id of a keyed request's `index`-th event in one append (see CommandContext.eventIdSeed). */
const eventIdFor = (seed: string, streamName: string, type: string, index: number) => derivedId('event', seed, streamName, type, String(index));

/**
 * The stream as it was before this keyed request's own earlier attempt (one whose answer was
 * lost after its append committed): deciding again on it gives the same events with the same
 * ids, which the event store answers as a repeat, with the original position.
 */
function beforeOwnEarlierAttempt(recorded: readonly RecordedEvent[], streamName: string, seed: string | undefined): readonly RecordedEvent[] {
  if (!seed) return recorded;
  const earlier = recorded.findIndex((event) => event.id === eventIdFor(seed, streamName, event.type, 0));
  return earlier < 0 ? recorded : recorded.slice(0, earlier);
}

/** Folds a stream into its decider's state; events of other shapes are left out. With a keyed request's seed, as before its earlier attempt. */
export async function loadStream<S, E>(
  store: EventStore,
  streamName: string,
  codec: t.Type<E, unknown, unknown>,
  evolve: (state: S, event: E) => S,
  initial: S,
  eventIdSeed?: string,
): Promise<Loaded<S>> {
  const recorded = beforeOwnEarlierAttempt(await store.readStream(streamName), streamName, eventIdSeed);
  let state = initial;
  for (const event of recorded) {
    const decoded = codec.decode({ type: event.type, data: event.data });
    if (decoded._tag === 'Right') state = evolve(state, decoded.right);
  }
  const last = recorded[recorded.length - 1];
  return { state, expectedRevision: last ? last.revision : 'no_stream' };
}

export type CommandContext = {
  userId: string | null;
  correlationId: string;
  /** A keyed create's seed (see request-ids.ts): its events get ids derived from it, so a retry's repeat is kept once. */
  eventIdSeed?: string | undefined;
};

export function toAppend(event: { type: string; data: unknown }, context: CommandContext, id: string = randomUUID()): EventToAppend {
  const metadata: EventMetadata = { causedBy: context.userId, correlationId: context.correlationId, schemaVersion: currentSchemaVersion(event.type) };
  return { id, type: event.type, data: event.data, metadata };
}

export async function appendEvents(
  store: EventStore,
  streamName: string,
  events: readonly { type: string; data: unknown }[],
  context: CommandContext,
  expectedRevision: ExpectedRevision,
): Promise<AppendResult | null> {
  if (events.length === 0) return null;
  const seed = context.eventIdSeed;
  const ids = events.map((event, i) => (seed ? eventIdFor(seed, streamName, event.type, i) : randomUUID()));
  return store.appendToStream(streamName, events.map((event, i) => toAppend(event, context, ids[i])), { expectedRevision });
}

export type Decider<S, E, C, R extends string> = {
  codec: t.Type<E, unknown, unknown>;
  evolve: (state: S, event: E) => S;
  initial: S;
  decide: (command: C, state: S) => { ok: true; events: E[] } | { ok: false; reason: R };
};

export type HandledCommand<S, R> = { ok: true; state: S; result: AppendResult | null } | { ok: false; reason: R };

/** Load, decide, append: one command against one stream, guarded by the stream's revision. */
export async function handleCommand<S, E extends { type: string; data: unknown }, C, R extends string>(
  store: EventStore,
  streamName: string,
  decider: Decider<S, E, C, R>,
  command: C,
  context: CommandContext,
): Promise<HandledCommand<S, R>> {
  const { state, expectedRevision } = await loadStream(store, streamName, decider.codec, decider.evolve, decider.initial, context.eventIdSeed);
  const decision = decider.decide(command, state);
  if (!decision.ok) return decision;
  const result = await appendEvents(store, streamName, decision.events, context, expectedRevision);
  return { ok: true, state: decision.events.reduce(decider.evolve, state), result };
}
