import { readConfig } from '@reflections/platform/config';
import { openDatabase } from '../embedded/database';
import { encryptStoredEvents } from './encrypt-stored-events';

/** `npm run migrate:encrypt-events` (see encryptStoredEvents and the README). PostgreSQL only. */
async function main() {
  const config = readConfig();
  if (config.eventStoreUrl) {
    console.error(
      'EVENTSTORE_URL is set: an EventStoreDB log cannot be rewritten in place. See the README ("Erasure by crypto-shredding") for what migrating it takes; nothing was changed.',
    );
    process.exit(2);
  }
  const database = await openDatabase(config);
  try {
    const started = performance.now();
    const { encrypted } = await encryptStoredEvents(database.url, {
      onBatch: (done) => process.stderr.write(`\r${done.toLocaleString('en-US')} events encrypted`),
    });
    process.stderr.write('\n');
    console.log(
      `Encrypted the personal data of ${encrypted.toLocaleString('en-US')} events in ${Math.round(performance.now() - started)} ms; already encrypted events were left as they were.`,
    );
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error('migrate:encrypt-events failed:', error);
  process.exit(1);
});
