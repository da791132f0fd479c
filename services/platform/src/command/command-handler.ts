import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { derivedId } from '../ids/derived-id';
import { eventMetadata } from '@reflections/contracts/event-schemas';
import {
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '../event-store/event-store';
import { conflict } from '../http/http-error';
import type { CommandContext } from './command-context';
import type { Decider, Rejection, StreamEvent } from './decider';

/** A stream's state and the revision it was folded at; `remembered` when it comes from a cache rather than a read. */
export type Loaded<S> = {
  readonly state: S;
  readonly expectedRevision: ExpectedRevision;
  readonly remembered?: boolean;
};

/** States kept between commands (see recentStates), keyed by stream name. */
export type StateCache<S> = {
  get(streamName: string): Loaded<S> | undefined;
  keep(streamName: string, loaded: Loaded<S>): void;
};

/** The id of a keyed request's `index`-th event in one append (see CommandContext.eventIdSeed). */
const eventIdFor = (seed: string, streamName: string, type: string, index: number) =>
  derivedId('event', seed, streamName, type, String(index));

/**
 * The stream as it was before this keyed request's own earlier attempt (one whose answer was
 * lost after its append committed): deciding again on it gives the same events with the same
 * ids, which the event store answers as a repeat, with the original position.
 */
function beforeOwnEarlierAttempt(
  recorded: readonly RecordedEvent[],
  streamName: string,
  seed: string | undefined,
): readonly RecordedEvent[] {
  if (!seed) return recorded;
  const earlier = recorded.findIndex((event) => event.id === eventIdFor(seed, streamName, event.type, 0));
  return earlier < 0 ? recorded : recorded.slice(0, earlier);
}

/** Folds a stream into its decider's state. With a keyed request's seed, as before its earlier attempt. */
export async function loadStream<S, E extends StreamEvent>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<S, never, E, Rejection>, 'codec' | 'evolve' | 'initialState'>,
  eventIdSeed?: string,
): Promise<Loaded<S>> {
  const recorded = beforeOwnEarlierAttempt(await store.readStream(streamName), streamName, eventIdSeed);
  let state = decider.initialState;
  for (const event of recorded) {
    const decoded = decider.codec.decode({ type: event.type, data: event.data });
    if (decoded._tag === 'Right') state = decider.evolve(state, decoded.right);
  }
  const last = recorded[recorded.length - 1];
  return { state, expectedRevision: last ? last.revision : 'no_stream' };
}

export function toAppend(event: StreamEvent, context: CommandContext, id: string = randomUUID()): EventToAppend {
  return {
    id,
    type: event.type,
    data: event.data,
    metadata: eventMetadata(event.type, context.userId, context.correlationId),
  };
}

/** Appends with ids from `ids`, else from the request's key (see request-ids.ts), else random. Null when there is nothing to append. */
export async function appendEvents(
  store: EventStore,
  streamName: string,
  events: readonly StreamEvent[],
  context: CommandContext,
  expectedRevision: ExpectedRevision,
  ids?: readonly string[],
): Promise<AppendResult | null> {
  if (events.length === 0) return null;
  const seed = context.eventIdSeed;
  const idOf = (event: StreamEvent, i: number) =>
    ids?.[i] ?? (seed ? eventIdFor(seed, streamName, event.type, i) : randomUUID());
  return store.appendToStream(
    streamName,
    events.map((event, i) => toAppend(event, context, idOf(event, i))),
    { expectedRevision },
  );
}

export type HandleOptions<S> = {
  /** On a conflict with another writer, read again and decide again, up to this many attempts, then a 409 with `message`. Without: the conflict is thrown. */
  retry?: { onVersionConflict: number; message: string };
  /** States this process remembers (the forum's recent posts): tried before a read, refreshed after every read and append. */
  cache?: StateCache<S>;
  /** The stream is known to be new (its id was made for this command): decided on the initial state without a read. */
  newStream?: boolean;
  /** Every command is accepted whatever the stream holds (a journal): no read, appended at any revision. */
  appendOnly?: boolean;
  /** The appended events' ids when something else names them (a journal entry's id is its job's id). */
  eventIds?: readonly string[];
};

export type Outcome<S, R extends Rejection> =
  { ok: true; state: S; result: AppendResult | null } | ({ ok: false; state: S } & R);

/** What a command that is never refused nor a no-op (a journal entry, a record) appended. */
export function appended<S>(outcome: Outcome<S, Rejection<never>>): AppendResult {
  if (!outcome.ok || !outcome.result) throw new Error('a command that always appends appended nothing');
  return outcome.result;
}

/** A command, or a function that makes it from the state (to check a password against its hash, to ask for a prompt). */
export type CommandOrFromState<S, C> = C | ((state: S) => Promise<C>);

/**
 * Load, decide, append (Emmett's CommandHandler): one command against one stream, guarded by
 * the stream's revision. A state remembered in the cache serves only an append, which the
 * store refuses if the stream moved on; a refusal or a no-op is decided on the stream as it
 * is now. Every slice handles its commands through here.
 */
export async function handleCommand<S, C, E extends StreamEvent, R extends Rejection>(
  store: EventStore,
  streamName: string,
  decider: Decider<S, C, E, R>,
  command: NoInfer<CommandOrFromState<S, C>>,
  context: CommandContext,
  options: HandleOptions<S> = {},
): Promise<Outcome<S, R>> {
  const { cache, retry } = options;
  for (let attempt = 1; ; attempt += 1) {
    // Plain locals rather than closures and spread copies: this runs for every command (docs/performance.md, "Forum writes, issue 29 eighth pass").
    let state: S;
    let expectedRevision: ExpectedRevision;
    let remembered = false;
    // A first attempt on a stream whose revision the caller knows starts from the initial state.
    const fresh = attempt === 1 && (options.appendOnly || options.newStream);
    const kept = attempt === 1 && !fresh ? cache?.get(streamName) : undefined;
    if (fresh) {
      state = decider.initialState;
      expectedRevision = options.appendOnly ? 'any' : 'no_stream';
    } else if (kept) {
      ({ state, expectedRevision } = kept);
      remembered = true;
    } else {
      const loaded = await loadStream(store, streamName, decider, context.eventIdSeed);
      cache?.keep(streamName, loaded);
      ({ state, expectedRevision } = loaded);
    }
    const decision = decider.decide(
      typeof command === 'function' ? await (command as (state: S) => Promise<C>)(state) : command,
      state,
    );
    if (remembered && (!decision.ok || decision.events.length === 0)) continue;
    if (!decision.ok) return { ...decision, state };
    try {
      const result = await appendEvents(
        store,
        streamName,
        decision.events,
        context,
        expectedRevision,
        options.eventIds,
      );
      const next = decision.events.reduce(decider.evolve, state);
      if (result) cache?.keep(streamName, { state: next, expectedRevision: result.nextRevision });
      return { ok: true, state: next, result };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || !retry) throw error;
      if (attempt >= retry.onVersionConflict) throw conflict(retry.message);
      // Jitter spreads the writers that just collided, so the next round has fewer of them.
      await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
  }
}

/** The stream's state as this process remembers it, or as read now (and then remembered). */
export async function latestState<S, E extends StreamEvent>(
  store: EventStore,
  streamName: string,
  decider: Decider<S, never, E, Rejection>,
  cache: StateCache<S>,
): Promise<Loaded<S>> {
  const remembered = cache.get(streamName);
  if (remembered) return { ...remembered, remembered: true };
  const loaded = await loadStream(store, streamName, decider);
  cache.keep(streamName, loaded);
  return { ...loaded, remembered: false };
}
