import fs from 'node:fs';

export default async function globalTeardown() {
  for (const { server, databaseDir } of globalThis.__embeddedPostgres ?? []) {
    await server.stop();
    fs.rmSync(databaseDir, { recursive: true, force: true });
  }
}
