import { LRUCache } from 'lru-cache';
import type { Loaded, StateCache } from '@reflections/platform/command/command-handler';

/**
 * The states of the streams this process last wrote or read, with their revision (`lru-cache`,
 * least recently used dropped first): handleCommand's `cache` option. Another process may
 * have appended since, so a remembered state only serves an append at its revision.
 * `worthKeeping` says which states may be remembered at all; others are forgotten.
 */
export function recentStates<S>(options: { max: number; worthKeeping: (state: S) => boolean }): StateCache<S> {
  const states = new LRUCache<string, Loaded<S>>({ max: options.max });
  return {
    get: (streamName) => states.get(streamName),
    keep(streamName, { state, expectedRevision }) {
      if (options.worthKeeping(state)) states.set(streamName, { state, expectedRevision });
      else states.delete(streamName);
    },
  };
}
