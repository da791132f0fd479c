import net from 'node:net';
import { EventStoreUnavailableError } from './event-store';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

/** A TCP port that accepts connections and never says a word: the client alone would wait forever. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('EventStoreDbEventStore.connect', () => {
  it('gives up on a server that accepts but never answers, within its timeout', async () => {
    const server = await silentServer();
    try {
      const started = Date.now();
      const outcome = await EventStoreDbEventStore.connect({
        connectionString: `esdb://127.0.0.1:${server.port}?tls=false`,
        connectTimeoutMs: 300,
      }).catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(EventStoreUnavailableError);
      expect((outcome as Error).message).toMatch(/did not answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await server.close();
    }
  });

  it('reports a closed port as unavailable', async () => {
    const server = await silentServer();
    await server.close();
    await expect(
      EventStoreDbEventStore.connect({
        connectionString: `esdb://127.0.0.1:${server.port}?tls=false`,
        connectTimeoutMs: 3000,
      }),
    ).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });
});
