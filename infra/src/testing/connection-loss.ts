import type { EventStore } from '@reflections/platform/event-store/event-store';

/**
 * An event store that loses its database connection on the next append to a stream whose
 * name starts with a given prefix, as when PostgreSQL restarts mid-request: pass `wrap` as
 * backendForTest's `commandEventStore`, then call `failNextAppendTo('user-')`.
 */
export function connectionLoss() {
  let failing: string | null = null;
  return {
    failNextAppendTo(streamPrefix: string) {
      failing = streamPrefix;
    },
    wrap: (store: EventStore): EventStore =>
      new Proxy(store, {
        get(target, property, receiver) {
          if (property !== 'appendToStream') return Reflect.get(target, property, receiver);
          const append: EventStore['appendToStream'] = (streamName, events, options) => {
            if (failing !== null && streamName.startsWith(failing)) {
              failing = null;
              return Promise.reject(new Error('Connection terminated unexpectedly'));
            }
            return target.appendToStream(streamName, events, options);
          };
          return append;
        },
      }),
  };
}
