import { readConfig } from '@reflections/platform/config';
import { stopOnSignal } from '@reflections/platform/process/shutdown';
import { launchEmbedded } from './launch';

/** `npm start`: the whole product on this machine. */
async function main() {
  const config = readConfig();
  console.log(`Reflections: starting (data in ${config.dataDir})…`);
  const launched = await launchEmbedded({ dataDir: config.dataDir, port: config.port });
  console.log(`\nReflections is running at ${launched.url}\nPress Ctrl-C to stop.\n`);
  stopOnSignal(async (signal) => {
    console.log(`\n${signal}: stopping…`);
    await launched.stop();
    console.log('Stopped. Your data is kept in', config.dataDir);
  });
}

main().catch((error) => {
  console.error('Reflections could not start:', error instanceof Error ? error.message : error);
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
});
