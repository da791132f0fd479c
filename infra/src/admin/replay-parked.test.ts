import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { formatPosition } from '@reflections/contracts/position';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { replayCli } from './replay-cli-for-test';
import { useStoreAndReadModels } from '@reflections/query/testing/store-and-read-models';

const metadata = { causedBy: null, correlationId: 'replay-parked-test', schemaVersion: 1 };
const registered = (userId: string, firstName: unknown) => ({
  id: randomUUID(),
  type: 'UserRegistered',
  metadata,
  data: {
    userId,
    email: `${userId}@example.com`,
    firstName,
    lastName: 'Words only the member wrote',
    passwordHash: 'x',
    answers: null,
    archetype: 'warrior',
    membershipType: 'free',
    registeredAt: new Date().toISOString(),
  },
});

describe('npm run replay and parked events', () => {
  let databaseUrl: string;
  let store: PostgresEventStore;
  let orm: MikroORM;
  useStoreAndReadModels((opened) => ({ databaseUrl, store, orm } = opened));

  it('replays past an event the projection cannot apply, parks it, and lists it with --parked without its text', async () => {
    const before = randomUUID();
    const after = randomUUID();
    await store.appendToStream(`user-${before}`, [registered(before, 'Before')]);
    // A first name that is a number: a shape the users projection cannot read.
    const poison = registered(randomUUID(), 42);
    const { position } = await store.appendToStream(`user-${poison.data.userId}`, [poison]);
    await store.appendToStream(`user-${after}`, [registered(after, 'After')]);

    const replay = replayCli(['users'], databaseUrl);
    expect(await replay.exited).toBe(0);
    expect(replay.output()).toContain('1 events parked');
    const names = await orm.em
      .fork()
      .execute<{ first_name: string }[]>('SELECT first_name FROM user_accounts ORDER BY first_name');
    expect(names.map((row) => row.first_name)).toEqual(['After', 'Before']);

    const listing = replayCli(['--parked'], databaseUrl);
    expect(await listing.exited).toBe(0);
    const output = listing.output();
    expect(output).toContain(`'users'`);
    expect(output).toContain(formatPosition(position));
    expect(output).toContain(poison.id);
    expect(output).toContain(`'UserRegistered'`);
    expect(output).toContain('does not match its contract');
    expect(output).not.toContain('Words only');
  });

  it('says so when nothing is parked', async () => {
    await orm.em.fork().execute('DELETE FROM parked_events');
    const listing = replayCli(['--parked'], databaseUrl);
    expect(await listing.exited).toBe(0);
    expect(listing.output()).toContain('No parked events.');
  });
});
