import { randomUUID } from 'node:crypto';
import { formatPosition } from '@reflections/contracts/position';
import pg from 'pg';
import { registration, type TestBackend } from './backend-for-test';

export type TestMember = { userId: string; cookie: string; position: string };

const cookieOf = (headers: Record<string, unknown>) =>
  (headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');

/** Registers a new member through the API and returns their session cookie. */
export async function signUpMember(backend: TestBackend, overrides: Record<string, unknown> = {}): Promise<TestMember> {
  const response = await backend.command.post('/api/auth/register').send(registration(overrides)).expect(201);
  return {
    userId: response.body.user.id,
    cookie: cookieOf(response.headers),
    position: response.headers['x-position'],
  };
}

const metadata = (userId: string) => ({ causedBy: userId, correlationId: 'test', schemaVersion: 1 });

/**
 * Appends a journal entry (and RAI's reply, when given) straight to the log, as the RAI
 * endpoints and the AI worker do; returns the position to read after.
 */
export async function writeJournalEntry(
  backend: TestBackend,
  userId: string,
  entry: {
    text: string;
    mood?: string | null;
    source?: string;
    reply?: { text: string; mood: string } | null;
    submittedAt?: string;
  },
): Promise<{ entryId: string; position: string }> {
  const entryId = randomUUID();
  const submittedAt = entry.submittedAt ?? new Date().toISOString();
  const events = [
    {
      id: randomUUID(),
      type: 'JournalEntrySubmitted',
      metadata: metadata(userId),
      data: {
        entryId,
        userId,
        source: entry.source ?? 'guided-journal',
        text: entry.text,
        prompt: null,
        mood: entry.mood ?? null,
        submittedAt,
      },
    },
    ...(entry.reply
      ? [
          {
            id: randomUUID(),
            type: 'RaiReplyGenerated',
            metadata: metadata(userId),
            data: {
              entryId,
              userId,
              reply: entry.reply.text,
              mood: entry.reply.mood,
              insights: [],
              responder: 'offline',
              crisis: false,
              generatedAt: submittedAt,
            },
          },
        ]
      : []),
  ];
  const result = await backend.eventStore.appendToStream(`journal-${userId}`, events);
  return { entryId, position: formatPosition(result.position) };
}

/**
 * Every committed event whose stream name starts with `streamPrefix`, counted in the
 * table itself: a catch-up read may still hold back the newest transaction while an
 * older one is open, which would make a before/after count flaky.
 */
export async function countCommittedEvents(backend: TestBackend, streamPrefix: string): Promise<number> {
  const client = new pg.Client({ connectionString: backend.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      'SELECT count(*) FROM es_events WHERE starts_with(stream_name, $1)',
      [streamPrefix],
    );
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}
