import { parseArgs } from 'node:util';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { createAdmin } from '@reflections/command/auth/create-admin';
import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { openDatabase } from '../embedded/database';

/** The first line of `input` (a pipe or a file), without its line ending: `--password-stdin`. */
export async function readPasswordFrom(input: Readable): Promise<string> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
}

/** Asks on the terminal without echoing what is typed. */
function promptHidden(question: string): Promise<string> {
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const echo = prompt as unknown as { _writeToOutput: (text: string) => void };
  echo._writeToOutput = (text) => {
    if (text.startsWith(question)) process.stdout.write(question);
  };
  return new Promise((resolve) =>
    prompt.question(question, (answer) => {
      prompt.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

const USAGE =
  'Usage: npm run admin:create -- --email you@example.com [--first-name Name] [--password-stdin]\n' +
  'The password is asked for on the terminal, or read from the first line of standard input with --password-stdin.';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      'first-name': { type: 'string' },
    },
  });
  if (values.password !== undefined) {
    console.error(
      "admin:create no longer takes --password: a command line shows in `ps`, in npm's echo and in shell history.\n" +
        USAGE,
    );
    process.exit(2);
  }
  if (!values.email || (!values['password-stdin'] && !process.stdin.isTTY)) {
    console.error(USAGE);
    process.exit(2);
  }
  const password = values['password-stdin'] ? await readPasswordFrom(process.stdin) : await promptHidden('Password: ');
  const config = readConfig();
  const database = await openDatabase(config);
  const store = await connectEventStore({ eventStoreUrl: config.eventStoreUrl, databaseUrl: database.url });
  try {
    const result = await createAdmin(store, { email: values.email, password, firstName: values['first-name'] });
    console.log(`${result.created ? 'Created' : 'Promoted'} admin ${values.email} (user ${result.userId}).`);
  } finally {
    await store.close();
    await database.stop();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
