import { parseArgs } from 'node:util';
import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { openReadModels } from '@reflections/query/projections';
import { parkedLine } from '@reflections/query/projection-engine/parked-events';
import { ProjectionRebuild } from '@reflections/query/projection-engine/projection-rebuild';
import { PROJECTORS } from '@reflections/query/projections';
import { openDatabase } from '../embedded/database';

/**
 * `npm run projections:rebuild -- [--projector NAME]`: rebuilds read models into fresh
 * tables and swaps them in (see ProjectionRebuild), one after the other. Safe while the
 * app runs. `npm run replay` does the same for one projection or report, with progress.
 * An event a projector still cannot apply is parked again, and the rebuild goes on.
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
  try {
    for (const projector of PROJECTORS.filter((p) => wanted.includes(p.name))) {
      const started = performance.now();
      let parked = 0;
      await new ProjectionRebuild(orm, store, projector).run({
        onParked: (failure) => {
          parked += 1;
          console.error(parkedLine(projector.name, failure));
        },
      });
      console.log(
        `Rebuilt ${projector.name} in ${Math.round(performance.now() - started)} ms; ${parked} events parked (npm run replay -- --parked lists them).`,
      );
    }
  } finally {
    await orm.close();
    await store.close();
    await database.stop();
  }
}

main().catch((error) => {
  console.error('projections:rebuild failed:', error);
  process.exit(1);
});
