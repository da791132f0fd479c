import fs from 'node:fs';

export default async function globalTeardown() {
  const running = globalThis.__embeddedPostgres;
  if (!running) return;
  await running.server.stop();
  fs.rmSync(running.databaseDir, { recursive: true, force: true });
}
