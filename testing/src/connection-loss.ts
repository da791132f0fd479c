import type { EventStore } from '@reflections/platform/event-store/event-store';

/**
 * An event store that loses its database connection on the next append to a stream whose
 * name starts with a given prefix, as when PostgreSQL restarts mid-request: pass `wrap` as
 * backendForTest's `commandEventStore`, then call `failNextAppendTo('user-')`. With
 * `afterCommit` the append is stored and only its answer is lost.
 */
export function connectionLoss() {
  let failing: { streamPrefix: string; afterCommit: boolean } | null = null;
  const lost = () => Promise.reject(new Error('Connection terminated unexpectedly'));
  return {
    failNextAppendTo(streamPrefix: string, options: { afterCommit?: boolean } = {}) {
      failing = { streamPrefix, afterCommit: options.afterCommit ?? false };
    },
    wrap: (store: EventStore): EventStore =>
      new Proxy(store, {
        get(target, property, receiver) {
          if (property !== 'appendToStream') return Reflect.get(target, property, receiver);
          const append: EventStore['appendToStream'] = (streamName, events, options) => {
            const failure = failing;
            if (failure === null || !streamName.startsWith(failure.streamPrefix))
              return target.appendToStream(streamName, events, options);
            failing = null;
            return failure.afterCommit ? target.appendToStream(streamName, events, options).then(lost) : lost();
          };
          return append;
        },
      }),
  };
}
