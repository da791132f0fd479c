import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { DEFAULT_ARCHETYPE } from '@reflections/contracts/archetypes';
import { FirstName, MESSAGES } from '@reflections/contracts/identity';
import { isAcceptablePassword } from '@reflections/contracts/onboarding';
import { isEmail, toErrorBody } from '@reflections/contracts/validation';
import { userStream } from '@reflections/contracts/streams';
import { findUserIdByEmail, reserveEmail } from '@reflections/command/auth/identity-store';
import { userDecider } from '@reflections/command/auth/user-decider';
import { handleCommand } from '@reflections/command/plumbing/command-handler';
import { hashPassword } from '@reflections/command/auth/password';
import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { openDatabase } from '../embedded/database';

export type CreateAdminResult = { userId: string; created: boolean };

/**
 * Creates an admin, or promotes an existing member (RoleGranted) and sets the given
 * password. Works on the event log directly, so it does not matter whether the app is
 * running: its projectors pick the events up live or at the next start.
 */
export async function createAdmin(store: EventStore, options: { email: string; password: string; firstName?: string }): Promise<CreateAdminResult> {
  const email = options.email.trim().toLowerCase();
  if (!isEmail(email)) throw new Error('Please enter a valid email address.');
  if (!isAcceptablePassword(options.password)) throw new Error(MESSAGES.passwordTooShort);
  const firstName = FirstName.decode(options.firstName ?? 'Admin');
  if (firstName._tag === 'Left') throw new Error(toErrorBody(firstName.left).error);
  const context = { userId: null, correlationId: `admin-cli-${randomUUID()}` };
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(options.password);
  const existing = await findUserIdByEmail(store, email);
  const userId = existing ?? randomUUID();
  if (existing) {
    await handleCommand(store, userStream(userId), userDecider, { type: 'ChangePassword', passwordHash, now }, context);
  } else {
    await reserveEmail(store, email, userId, context);
    await handleCommand(
      store,
      userStream(userId),
      userDecider,
      { type: 'RegisterUser', userId, email, firstName: firstName.right, passwordHash, answers: null, archetype: DEFAULT_ARCHETYPE, now },
      context,
    );
  }
  const granted = await handleCommand(store, userStream(userId), userDecider, { type: 'GrantRole', role: 'admin', now }, context);
  if (!granted.ok) throw new Error(`could not grant the admin role: ${granted.reason}`);
  return { userId, created: !existing };
}

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

const USAGE = 'Usage: npm run admin:create -- --email you@example.com [--first-name Name] [--password-stdin]\n' + 'The password is asked for on the terminal, or read from the first line of standard input with --password-stdin.';

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, 'password-stdin': { type: 'boolean' }, 'first-name': { type: 'string' } } });
  if (values.password !== undefined) {
    console.error('admin:create no longer takes --password: a command line shows in `ps`, in npm\'s echo and in shell history.\n' + USAGE);
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
