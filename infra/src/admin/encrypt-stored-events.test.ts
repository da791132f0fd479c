import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ERASED_TEXT } from '@reflections/contracts/personal-data';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { eraseMemberData } from '@reflections/platform/event-store/encrypting-event-store';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { encryptStoredEvents } from './encrypt-stored-events';

const metadata = (causedBy: string | null, schemaVersion = 1) => ({
  causedBy,
  correlationId: 'migration-test',
  schemaVersion,
});

async function storedText(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (
      await client.query<{ rows: string }>(
        "SELECT coalesce(string_agg(row_to_json(e)::text, E'\\n'), '') AS rows FROM es_events e",
      )
    ).rows[0].rows;
  } finally {
    await client.end();
  }
}

describe('npm run migrate:encrypt-events on a log written without encryption', () => {
  let databaseUrl: string;
  const kept = randomUUID();
  const erased = randomUUID();

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    const plain = await PostgresEventStore.connect({ connectionString: databaseUrl });
    for (const [userId, name] of [
      [kept, 'Keaton'],
      [erased, 'Ezekiel'],
    ]) {
      // Version 1 of UserRegistered (no registeredVia), as members registered before it had one.
      await plain.appendToStream(`user-${userId}`, [
        {
          id: randomUUID(),
          type: 'UserRegistered',
          metadata: metadata(null),
          data: {
            userId,
            email: `${name.toLowerCase()}@example.com`,
            firstName: name,
            lastName: '',
            passwordHash: 'scrypt$x',
            answers: null,
            archetype: 'warrior',
            membershipType: 'free',
            registeredAt: '2026-01-01T00:00:00.000Z',
          },
        },
      ]);
      await plain.appendToStream(`journal-${userId}`, [
        {
          id: randomUUID(),
          type: 'JournalEntrySubmitted',
          metadata: metadata(userId),
          data: {
            entryId: randomUUID(),
            userId,
            source: 'guided-journal',
            text: `${name} wrote about the orchard gate`,
            prompt: null,
            mood: 'calm',
            submittedAt: '2026-01-02T00:00:00.000Z',
          },
        },
      ]);
    }
    await plain.appendToStream('ops', [
      {
        id: randomUUID(),
        type: 'DeploymentRequested',
        metadata: metadata(null),
        data: { deploymentId: randomUUID(), requestedBy: kept, at: '2026-01-03T00:00:00.000Z' },
      },
    ]);
    await plain.close();
    // Erased after the change, before the migration ran: his old events are still plain.
    const store = await connectEventStore({ eventStoreUrl: null, databaseUrl });
    await eraseMemberData(store, erased);
    await store.close();
  });

  it('encrypts every personal field in place, reads back as written, and changes nothing when run again', async () => {
    const before = await storedText(databaseUrl);
    expect(before).toContain('orchard gate');

    expect(await encryptStoredEvents(databaseUrl, { batchSize: 2 })).toEqual({ encrypted: 4 });

    const after = await storedText(databaseUrl);
    for (const phrase of ['orchard gate', 'Keaton', 'Ezekiel', 'keaton@example.com'])
      expect(after).not.toContain(phrase);
    const store = await connectEventStore({ eventStoreUrl: null, databaseUrl });
    try {
      const [registered] = await store.readStream(`user-${kept}`);
      expect(registered.data).toMatchObject({
        firstName: 'Keaton',
        email: 'keaton@example.com',
        answers: null,
        registeredVia: 'admin',
      });
      const [entry] = await store.readStream(`journal-${kept}`);
      expect(entry.data).toMatchObject({ text: 'Keaton wrote about the orchard gate' });
    } finally {
      await store.close();
    }
    expect(await encryptStoredEvents(databaseUrl)).toEqual({ encrypted: 0 });
    expect(await storedText(databaseUrl)).toBe(after);
  });

  it("leaves an erased member's old events with the placeholders, not a new key", async () => {
    const store = await connectEventStore({ eventStoreUrl: null, databaseUrl });
    try {
      const [entry] = await store.readStream(`journal-${erased}`);
      expect(entry.data).toMatchObject({ text: ERASED_TEXT });
    } finally {
      await store.close();
    }
  });
});
