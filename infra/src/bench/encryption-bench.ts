import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EncryptingEventStore } from '@reflections/platform/event-store/encrypting-event-store';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { MemberKeys } from '@reflections/platform/event-store/member-keys';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { freePort } from '@reflections/platform/net/ports';
import { ensureDatabase, postgresUrl, type RunningPostgres, startEmbeddedPostgres } from '../embedded/postgres';
import { printTable } from './bench-report';

const APPENDS = Number(process.env.BENCH_APPENDS) || 8000;
const WRITERS = 8;
const TEXT =
  'A long week at work, and the quiet after it. I sat by the window and let my breath slow down before I wrote this.';

/** 8 writers, each a member appending journal entries (personal data) to his own stream; appends per second. */
async function journalAppends(store: EventStore, members: readonly string[], total: number): Promise<number> {
  const perWriter = Math.ceil(total / members.length);
  const started = performance.now();
  await Promise.all(
    members.map(async (userId) => {
      for (let i = 0; i < perWriter; i++) {
        const data = {
          entryId: randomUUID(),
          userId,
          source: 'guided-journal',
          text: TEXT,
          prompt: null,
          mood: 'calm',
          submittedAt: new Date().toISOString(),
        };
        await store.appendToStream(`journal-${userId}`, [
          {
            id: randomUUID(),
            type: 'JournalEntrySubmitted',
            data,
            metadata: { causedBy: userId, correlationId: 'bench', schemaVersion: 1 },
          },
        ]);
      }
    }),
  );
  return (perWriter * members.length) / ((performance.now() - started) / 1000);
}

/** Reads the whole log a page at a time, as a replay does; events per second. */
async function readAllRate(store: EventStore): Promise<number> {
  const started = performance.now();
  let read = 0;
  let after;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    if (page.length === 0) break;
    read += page.length;
    after = page[page.length - 1].position;
  }
  return read / ((performance.now() - started) / 1000);
}

/**
 * The cost of encrypting members' personal data (issue 24): journal entries appended and read
 * back by the plain PostgreSQL event store and by the same store behind EncryptingEventStore,
 * each in its own database of the same server, in the same run.
 */
export async function encryptionRows(server: RunningPostgres): Promise<string[][]> {
  const rows: string[][] = [];
  for (const encrypted of [false, true]) {
    const name = encrypted ? 'appends_encrypted' : 'appends_plain';
    await ensureDatabase(postgresUrl(server, 'postgres'), name);
    const databaseUrl = postgresUrl(server, name);
    const inner = await PostgresEventStore.connect({ connectionString: databaseUrl, poolSize: WRITERS + 2 });
    const store = encrypted
      ? new EncryptingEventStore(inner, await MemberKeys.connect({ connectionString: databaseUrl }))
      : inner;
    try {
      const members = Array.from({ length: WRITERS }, () => randomUUID());
      // Warm-up, untimed: connections, statements and (encrypted) each member's key.
      await journalAppends(store, members, 2000);
      const appends = await journalAppends(store, members, APPENDS);
      const reads = await readAllRate(store);
      const label = encrypted ? 'encrypted' : 'plain';
      rows.push([`journal entry appends, ${WRITERS} writers, ${label}`, `${Math.round(appends)} appends/s`, '']);
      rows.push([`readAll of ${APPENDS + 2000} journal entries, ${label}`, `${Math.round(reads)} events/s`, '']);
    } finally {
      await store.close();
    }
  }
  return rows;
}

/** `node --import tsx infra/src/bench/encryption-bench.ts`: just this part, on its own throw-away PostgreSQL. */
async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflections-encryption-bench-'));
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({
    databaseDir: path.join(dir, 'postgres'),
    port: await freePort(),
    password: 'bench',
  });
  try {
    printTable([['metric', 'measured', 'target'], ...(await encryptionRows(server))]);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().then(
    () => process.exit(),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
