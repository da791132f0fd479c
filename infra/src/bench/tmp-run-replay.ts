import fs from 'node:fs';
import { freePort } from '@reflections/platform/net/ports';
import { startEmbeddedPostgres } from '../embedded/postgres';
import { replayBench } from './replay-bench';
(async () => {
  fs.rmSync('/tmp/rb/pg', { recursive: true, force: true });
  fs.chmodSync('/tmp/rb', 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: '/tmp/rb/pg', port: await freePort(), password: 'bench' });
  try { await replayBench(server); } finally { await server.stop(); }
})();
