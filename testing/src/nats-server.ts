import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@reflections/platform/net/ports';

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** A real `nats-server -js` for a test (Debian package nats-server; its absence fails the test). */
export async function startNatsServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-'));
  const server = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: 'ignore',
  });
  const failed = new Promise<never>((_, reject) =>
    server.once('error', (error) =>
      reject(new Error(`nats-server could not start (apt-get install -y nats-server): ${error.message}`)),
    ),
  );
  const ready = (async () => {
    for (let i = 0; i < 100; i++) {
      if (await accepts(port)) return;
      await sleep(50);
    }
    throw new Error('nats-server did not start listening');
  })();
  await Promise.race([ready, failed]);
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
