import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { ERASED_MEMBER_ID, ERASED_TEXT } from '@reflections/contracts/personal-data';
import { createTestDatabase } from '../testing/test-database';
import { connectEventStore } from './connect-event-store';
import { describeEventStoreContract } from './event-store.contract';
import { type EncryptingEventStore, eraseMemberData } from './encrypting-event-store';
import type { EventStore, RecordedEvent } from './event-store';

describeEventStoreContract('PostgreSQL behind the personal-data encryption', async () =>
  connectEventStore({ eventStoreUrl: null, databaseUrl: await createTestDatabase() }),
);

const metadata = (causedBy: string | null) => ({ causedBy, correlationId: 'test', schemaVersion: 1 });
const journalEntry = (userId: string, text: string) => ({
  id: randomUUID(),
  type: 'JournalEntrySubmitted',
  data: {
    entryId: randomUUID(),
    userId,
    source: 'guided-journal',
    text,
    prompt: null,
    mood: 'calm',
    submittedAt: new Date().toISOString(),
  },
  metadata: metadata(userId),
});
const post = (authorId: string, isAnonymous: boolean, content: string) => ({
  id: randomUUID(),
  type: 'PostCreated',
  data: {
    postId: randomUUID(),
    board: 'campfire',
    categoryId: 1,
    category: 'General',
    title: `About ${content}`,
    content,
    isAnonymous,
    authorId,
    createdAt: new Date().toISOString(),
  },
  metadata: metadata(authorId),
});

async function storedRows(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ row: string }>('SELECT row_to_json(e)::text AS row FROM es_events e');
    return rows.map((row) => row.row).join('\n');
  } finally {
    await client.end();
  }
}

describe("a member's personal data in the event log", () => {
  let databaseUrl: string;
  let store: EventStore;
  let otherProcess: EventStore;

  beforeEach(async () => {
    databaseUrl = await createTestDatabase();
    store = await connectEventStore({ eventStoreUrl: null, databaseUrl });
    otherProcess = await connectEventStore({ eventStoreUrl: null, databaseUrl });
  });
  afterEach(async () => {
    await store.close();
    await otherProcess.close();
  });

  it('is stored encrypted and read back as it was written, by any process', async () => {
    const userId = randomUUID();
    const entry = journalEntry(userId, 'my brother stopped calling');
    await store.appendToStream(`journal-${userId}`, [entry]);

    expect(await storedRows(databaseUrl)).not.toContain('brother');
    const [read] = await otherProcess.readStream(`journal-${userId}`);
    expect(read.data).toEqual(entry.data);
  });

  it("seals a new member's first event with the key another process is making for him at that moment", async () => {
    const userId = randomUUID();
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('INSERT INTO es_member_keys (member_id, key_id, data_key) VALUES ($1, $2, $3)', [
        userId,
        randomUUID(),
        randomBytes(32),
      ]);
      // This append's key lookup waits for the other process's key, committed after the lookup began.
      const appending = store.appendToStream(`journal-${userId}`, [journalEntry(userId, 'my first entry')]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await other.query('COMMIT');
      await appending;
    } finally {
      await other.end();
    }

    expect(await storedRows(databaseUrl)).not.toContain('my first entry');
    const [read] = await otherProcess.readStream(`journal-${userId}`);
    expect((read.data as { text: string }).text).toBe('my first entry');
  });

  it("makes a member's key when asked ahead of his first event, and seals that event with it", async () => {
    const userId = randomUUID();
    await (store as EncryptingEventStore).prepareForMember(userId);
    const keyIds = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ key_id: string }>(
          'SELECT key_id FROM es_member_keys WHERE member_id = $1',
          [userId],
        );
        return rows.map((row) => row.key_id);
      } finally {
        await client.end();
      }
    };
    const [made] = await keyIds();
    expect(made).toBeDefined();

    await store.appendToStream(`journal-${userId}`, [journalEntry(userId, 'the first entry')]);

    const stored = (await storedRows(databaseUrl)).split('\n').find((row) => row.includes(userId))!;
    expect(stored).toContain(made);
    expect(stored).not.toContain('the first entry');
    expect(await keyIds()).toEqual([made]);
  });

  it("reads as placeholders everywhere once his key is destroyed, while other members' data reads on", async () => {
    const erased = randomUUID();
    const kept = randomUUID();
    await store.appendToStream(`journal-${erased}`, [journalEntry(erased, 'the night at the lake')]);
    await store.appendToStream(`journal-${kept}`, [journalEntry(kept, 'a good week at work')]);
    // The other process has read (and cached) the key before the erasure.
    expect((await otherProcess.readAll()).map((event) => (event.data as { text: string }).text)).toContain(
      'the night at the lake',
    );

    await eraseMemberData(store, erased);

    const textOf = (events: RecordedEvent[], userId: string) =>
      events
        .filter((event) => (event.data as { userId: string }).userId === userId)
        .map((event) => (event.data as { text: string }).text);
    expect(textOf(await store.readAll(), erased)).toEqual([ERASED_TEXT]);
    expect(textOf(await store.readAll(), kept)).toEqual(['a good week at work']);
    // The other process hears of the erasure through NOTIFY.
    for (
      let attempt = 0;
      attempt < 100 && textOf(await otherProcess.readAll(), erased)[0] !== ERASED_TEXT;
      attempt += 1
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(textOf(await otherProcess.readAll(), erased)).toEqual([ERASED_TEXT]);
  });

  it('never makes an erased member a new key: what is appended for him afterwards is stored as placeholders', async () => {
    const userId = randomUUID();
    await store.appendToStream(`journal-${userId}`, [journalEntry(userId, 'first words')]);
    await eraseMemberData(store, userId);

    await otherProcess.appendToStream(`journal-${userId}`, [journalEntry(userId, 'words after his erasure')]);

    expect(await storedRows(databaseUrl)).not.toContain('words after');
    expect((await store.readStream(`journal-${userId}`)).map((event) => (event.data as { text: string }).text)).toEqual(
      [ERASED_TEXT, ERASED_TEXT],
    );
  });

  it("hides an anonymous post's author in the log, and after erasure nothing links it to him", async () => {
    const authorId = randomUUID();
    const anonymous = post(authorId, true, 'what I never told anyone');
    const named = post(authorId, false, 'my first campfire');
    await store.appendToStream(`forumPost-${anonymous.data.postId}`, [anonymous]);
    await store.appendToStream(`forumPost-${named.data.postId}`, [named]);

    const stored = await storedRows(databaseUrl);
    const anonymousRow = stored.split('\n').find((row) => row.includes(anonymous.data.postId))!;
    expect(anonymousRow).not.toContain(authorId);
    const [read] = await store.readStream(`forumPost-${anonymous.data.postId}`);
    expect(read.data).toEqual(anonymous.data);
    expect(read.metadata.causedBy).toBe(authorId);

    await eraseMemberData(store, authorId);

    const [afterwards] = await store.readStream(`forumPost-${anonymous.data.postId}`);
    expect(afterwards.data).toMatchObject({ authorId: ERASED_MEMBER_ID, content: ERASED_TEXT, isAnonymous: true });
    expect(afterwards.metadata.causedBy).toBeNull();
    const [namedAfterwards] = await store.readStream(`forumPost-${named.data.postId}`);
    expect(namedAfterwards.data).toMatchObject({ authorId, content: ERASED_TEXT });
  });

  it('reads a ciphertext altered in the table as erased instead of failing the read', async () => {
    const userId = randomUUID();
    const entry = journalEntry(userId, 'the words someone altered');
    await store.appendToStream(`journal-${userId}`, [entry]);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `UPDATE es_events SET data = jsonb_set(data, '{$personal,tag}', to_jsonb('AAAAAAAAAAAAAAAAAAAAAA=='::text)) WHERE event_id = $1`,
      [entry.id],
    );
    await client.end();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const [read] = await otherProcess.readStream(`journal-${userId}`);
      expect(read.data).toMatchObject({ text: ERASED_TEXT });
      expect(errors.mock.calls.join(' ')).not.toContain('altered');
    } finally {
      errors.mockRestore();
    }
  });

  it('delivers decrypted events to subscribers', async () => {
    const userId = randomUUID();
    await store.appendToStream(`journal-${userId}`, [journalEntry(userId, 'told my wife today')]);
    const seen: string[] = [];
    const subscription = otherProcess.subscribeToAll({
      onBatch: async (events) => {
        seen.push(...events.map((event) => (event.data as { text: string }).text));
      },
    });
    await subscription.caughtUp;
    await subscription.stop();
    expect(seen).toEqual(['told my wife today']);
  });
});
