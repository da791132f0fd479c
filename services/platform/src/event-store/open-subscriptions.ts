import type { Subscription } from './event-store';

/** The subscriptions an adapter has open, so that close() can stop them all. */
export class OpenSubscriptions {
  private readonly open = new Set<Subscription>();

  /** A Subscription whose stop() interrupts the adapter's loop, waits for it to end and forgets it. */
  track(parts: {
    caughtUp: Promise<void>;
    stopped: Promise<void>;
    interrupt: () => void | Promise<void>;
  }): Subscription {
    const subscription: Subscription = {
      caughtUp: parts.caughtUp,
      stopped: parts.stopped,
      stop: async () => {
        await parts.interrupt();
        await parts.stopped;
        this.open.delete(subscription);
      },
    };
    this.open.add(subscription);
    return subscription;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.open].map((subscription) => subscription.stop()));
  }
}
