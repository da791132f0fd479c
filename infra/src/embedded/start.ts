import { readConfig } from '@reflections/platform/config';
import { launchEmbedded } from './launch';

/** `npm start`: the whole product on this machine. */
async function main() {
  const config = readConfig();
  console.log(`Reflections: starting (data in ${config.dataDir})…`);
  const launched = await launchEmbedded({ dataDir: config.dataDir, port: config.port });
  console.log(`\nReflections is running at ${launched.url}\nPress Ctrl-C to stop.\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await launched.stop();
    console.log('Stopped. Your data is kept in', config.dataDir);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('Reflections could not start:', error);
  process.exit(1);
});
