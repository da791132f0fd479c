import type * as t from 'io-ts';

export type StreamEvent = { readonly type: string; readonly data: unknown };

/** Why a decider refused a command, with whatever its answer needs (a field, a message). */
export type Rejection<R extends string = string> = { readonly reason: R };

/** Every decider's answer: the events to append (none: there is nothing to change), or why not. */
export type Decision<E, R extends Rejection = Rejection> =
  { readonly ok: true; readonly events: E[] } | ({ readonly ok: false } & R);

export const accept = <E>(...events: E[]): { ok: true; events: E[] } => ({ ok: true, events });

export function reject<R extends string>(reason: R): { ok: false; reason: R };
export function reject<R extends string, D extends object>(reason: R, details: D): { ok: false; reason: R } & D;
export function reject(reason: string, details: object = {}) {
  return { ok: false, reason, ...details };
}

/** One stream's rules (Emmett's Decider): the state its events fold into, and what a command on it becomes. */
export type Decider<S, C, E extends StreamEvent, R extends Rejection> = {
  /** The events this decider folds; events of other shapes on its stream are left out. */
  readonly codec: t.Type<E, unknown, unknown>;
  readonly initialState: S;
  readonly evolve: (state: S, event: E) => S;
  readonly decide: (command: C, state: S) => Decision<E, R>;
};
