import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { openSessionStore } from '@reflections/platform/session/postgres-session-store';
import { logger } from '@reflections/platform/log/logger';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { UserAccount } from '../auth/user-account.entity';
import { startQueryService } from '../query-service';
import { openReadModels } from '../projections';
import type { Applied } from './projection-progress';
import { ProjectorThread } from './projector-thread';

const metadata = { causedBy: null, correlationId: 'projector-thread-test', schemaVersion: 1 };

/** Appends a registration here, in the test's thread: the projectors elsewhere hear of it only through the log. */
async function register(store: PostgresEventStore) {
  const userId = randomUUID();
  const data = {
    userId,
    email: `${userId}@example.com`,
    firstName: 'Thread',
    lastName: '',
    passwordHash: 'x',
    answers: null,
    archetype: 'warrior',
    membershipType: 'free',
    registeredAt: new Date().toISOString(),
  };
  const { position } = await store.appendToStream(`user-${userId}`, [
    { id: randomUUID(), type: 'UserRegistered', data, metadata },
  ]);
  return { userId, position };
}

const accountOf = (orm: MikroORM, userId: string) => orm.em.fork().findOne(UserAccount, { id: userId });

describe('projectors in a thread of their own', () => {
  let databaseUrl: string;
  let store: PostgresEventStore;
  let orm: MikroORM;
  let thread: ProjectorThread;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    orm = await openReadModels(databaseUrl);
    thread = await ProjectorThread.start(
      { databaseUrl, eventStoreUrl: null },
      path.join(__dirname, '../projector-thread-entry.ts'),
    );
  }, 60_000);
  afterAll(async () => {
    await thread.stop();
    await orm.close();
    await store.close();
  });

  it('projects what this thread appends, and a read that waits for its own write finds it', async () => {
    const applied: Applied[] = [];
    const stopListening = thread.onApplied((batch) => applied.push(batch));
    const { userId, position } = await register(store);
    expect(await thread.waitFor(position, 10_000)).toBe(true);
    expect((await accountOf(orm, userId))?.firstName).toBe('Thread');
    stopListening();
    expect(applied.map((batch) => batch.projector)).toContain('users');
  });

  it('is started again from the stored checkpoints when it dies, and catches up with what was appended meanwhile', async () => {
    const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      const worker = (thread as unknown as { worker: Worker }).worker;
      await worker.terminate();
      const { userId, position } = await register(store);
      expect(await thread.waitFor(position, 30_000)).toBe(true);
      expect((await accountOf(orm, userId))?.firstName).toBe('Thread');
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ exitCode: expect.anything() }),
        expect.stringMatching(/projector thread ended.*starting it again/),
      );
    } finally {
      logged.mockRestore();
    }
  }, 40_000);
});

describe('a projector thread that cannot start', () => {
  it('leaves the projectors in the main thread, so reads still see every write', async () => {
    const databaseUrl = await createTestDatabase();
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    const sessions = await openSessionStore(databaseUrl);
    const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const service = await startQueryService({
      databaseUrl,
      eventStore: store,
      sessionStore: sessions.store,
      sessionKeys: ['test'],
      readYourWritesTimeoutMs: 5_000,
      projectorThread: { eventStoreUrl: null, entry: '/nowhere/projector-thread-entry.ts' },
    });
    try {
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.anything() }),
        expect.stringMatching(/running them in the main thread/),
      );
      const { position } = await register(store);
      expect(await service.projections.waitFor(position, 10_000)).toBe(true);
    } finally {
      logged.mockRestore();
      await service.close();
      await sessions.close();
      await store.close();
    }
  }, 60_000);
});
