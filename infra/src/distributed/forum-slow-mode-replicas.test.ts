import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { forumBoardSettingsStream } from '@reflections/contracts/forum-slow-mode';
import supertest from 'supertest';
import { freePort } from '@reflections/platform/net/ports';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { type ServiceProcess, startServiceProcess } from '@reflections/testing/service-process';
import { campfirePost, type ForumDriver, forumDriver, type Member } from '@reflections/query/forum/forum-testing';

const SLOW_MODE = '/api/admin/moderation/boards/campfire/slow-mode';
const CHANNEL = 'forum_board_settings_changed';
const LISTEN = `LISTEN ${CHANNEL}`;

/**
 * Each command process remembers a board's slow mode instead of reading it before every
 * post (docs/forum.md#slow-mode): a moderator's change on one replica must pace posts sent
 * to another as soon as its announcement arrives there, and a replica that lost its
 * listening connection must not trust what it remembered from before.
 */
describe('slow mode set on one command replica', () => {
  let backend: TestBackend;
  let onA: ForumDriver;
  let onB: ForumDriver;
  let replicaB: ServiceProcess;
  let listener: pg.Client;
  let listenerPid = 0;
  let db: pg.Client;
  let admin: Member;
  const heard: string[] = [];

  beforeAll(async () => {
    backend = await backendForTest();
    const port = await freePort();
    replicaB = await startServiceProcess(
      'infra/src/processes/command-main.ts',
      {
        DATABASE_URL: backend.databaseUrl,
        SESSION_SECRET: 'test-secret',
        NATS_URL: '',
        OPENAI_API_KEY: '',
        PORT: String(port),
        LOG_LEVEL: 'debug',
      },
      /listening/,
    );
    onA = forumDriver(backend);
    onB = forumDriver({ ...backend, command: supertest(`http://127.0.0.1:${port}`) });
    admin = await onA.admin('Ada');
    // The test hears the announcements as replica B does: B's arrive by the same route, as soon.
    listener = new pg.Client({ connectionString: backend.databaseUrl });
    await listener.connect();
    listenerPid = (await listener.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(LISTEN);
    db = new pg.Client({ connectionString: backend.databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await listener?.end();
    await db?.end();
    await replicaB?.stop();
    await backend?.close();
  });

  /** Replica B's own word that it heard the change: on a busy machine it may hear it well after the test's listener. */
  const heardOnB = () =>
    replicaB
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"announced change heard"') && line.includes(`"channel":"${CHANNEL}"`))
      .length;
  const announced = async (count: number) => {
    while (heard.length < count || heardOnB() < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const postOnB = (who: Member, title: string) => onB.post(who, '/api/forum/posts', campfirePost({ title }));

  it('paces posts on the other replica once the change is announced, and frees them when it is turned off', async () => {
    const sam = await onA.member('Sam');
    // B reads the board's setting (off) and remembers it.
    expect((await postOnB(sam, 'Before slow mode, one')).status).toBe(201);
    expect((await postOnB(sam, 'Before slow mode, two')).status).toBe(201);

    expect((await onA.put(admin, SLOW_MODE, { seconds: 3600, reason: 'A heated evening' })).status).toBe(200);
    await announced(1);
    expect((await postOnB(sam, 'First under slow mode')).status).toBe(201);
    const tooSoon = await postOnB(sam, 'Second too soon');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toMatch(/you can post again in 1 hour/);

    expect((await onA.put(admin, SLOW_MODE, { seconds: 0, reason: 'Calm again' })).status).toBe(200);
    await announced(2);
    expect((await postOnB(sam, 'After slow mode')).status).toBe(201);
    expect(heard).toEqual(['campfire', 'campfire']);
  });

  it('forgets what it remembered when its listening connection is lost, since announcements may have been missed', async () => {
    const alex = await onA.member('Alex');
    expect((await onA.put(admin, SLOW_MODE, { seconds: 0, reason: 'Calm' })).status).toBe(200);
    expect((await postOnB(alex, 'Remembered as off')).status).toBe(201);
    const cut = (
      await db.query<{ pid: number }>(
        'SELECT pg_terminate_backend(pid), pid FROM pg_stat_activity WHERE query = $1 AND pid <> $2',
        [LISTEN, listenerPid],
      )
    ).rows.map((row) => row.pid);
    expect(cut.length).toBe(2);
    // Slow mode set with no announcement, as a replica that stopped between its append and its NOTIFY leaves it.
    await backend.eventStore.appendToStream(forumBoardSettingsStream('campfire'), [
      {
        id: randomUUID(),
        type: 'ForumSlowModeSet',
        data: {
          board: 'campfire',
          seconds: 3600,
          reason: 'Unannounced',
          adminId: admin.id,
          at: new Date().toISOString(),
        },
        metadata: { causedBy: null, correlationId: randomUUID(), schemaVersion: 1 },
      },
    ]);
    // Both replicas listen again.
    for (;;) {
      const { rows } = await db.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE query = $1 AND pid <> ALL($2::int[])',
        [LISTEN, [...cut, listenerPid]],
      );
      if (rows.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await postOnB(alex, 'First under slow mode')).status).toBe(201);
    expect((await postOnB(alex, 'Second too soon')).status).toBe(429);
  });
});
