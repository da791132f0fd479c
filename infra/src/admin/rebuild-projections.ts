import { parseArgs } from 'node:util';
import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { openReadModels } from '@reflections/query/infra/orm';
import { ProjectorRuntime } from '@reflections/query/infra/projector-runtime';
import { PROJECTORS } from '@reflections/query/projections';
import { openDatabase } from '../embedded/database';

/**
 * `npm run projections:rebuild -- [--projector NAME]`: empties read models and replays
 * the whole log into them. Safe while the app runs: its projectors notice the reset
 * checkpoint and follow (see ProjectorRuntime).
 */
async function main() {
  const { values } = parseArgs({ options: { projector: { type: 'string', multiple: true } } });
  const wanted = values.projector ?? PROJECTORS.map((p) => p.name);
  const unknown = wanted.filter((name) => !PROJECTORS.some((p) => p.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown projector(s): ${unknown.join(', ')}. Known: ${PROJECTORS.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  const config = readConfig();
  const database = await openDatabase(config);
  const store = await connectEventStore({ eventStoreUrl: config.eventStoreUrl, databaseUrl: database.url });
  const orm = await openReadModels(database.url);
  const runtime = new ProjectorRuntime(orm, store);
  try {
    await runtime.start(PROJECTORS.filter((p) => wanted.includes(p.name)));
    for (const name of wanted) {
      const started = performance.now();
      await runtime.rebuild(name);
      console.log(`Rebuilt ${name} in ${Math.round(performance.now() - started)} ms.`);
    }
  } finally {
    await runtime.stop();
    await orm.close();
    await store.close();
    await database.stop();
  }
}

main().catch((error) => {
  console.error('projections:rebuild failed:', error);
  process.exit(1);
});
