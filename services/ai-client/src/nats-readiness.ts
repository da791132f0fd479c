import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { ReadinessCheck } from '@reflections/platform/observability/ops-endpoints';

/** NATS answers a round trip, on a small connection of the check's own (opened at the first check, kept). */
export function natsCheck(natsUrl: string): ReadinessCheck & { close: () => Promise<void> } {
  let nc: NatsConnection | null = null;
  return {
    name: 'nats',
    check: async () => {
      if (!nc || nc.isClosed()) nc = await connect({ servers: natsUrl, name: 'reflections-readiness', timeout: 1_500 });
      await nc.flush();
    },
    close: async () => {
      await nc?.close();
    },
  };
}
