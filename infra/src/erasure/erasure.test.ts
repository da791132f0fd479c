import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ERASED_MEMBER_ID, ERASED_NAME } from '@reflections/contracts/personal-data';
import { PEACE_SECTIONS } from '@reflections/contracts/peace';
import { parsePosition } from '@reflections/contracts/position';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedInAdmin, signedUpMember, type TestSession } from '@reflections/testing/sessions-for-test';
import { openReadModels } from '@reflections/query/projections';
import { ProjectionRebuild } from '@reflections/query/projection-engine/projection-rebuild';
import { PROJECTORS } from '@reflections/query/projections';
import { REPORT_PROJECTORS } from '@reflections/query/reports/reports';

const PASSWORD = 'steady-breath';

/** Every row of every table in the database (the event log, the key table, read models, sessions, idempotency keys, rate limits), as text. */
async function everyRow(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      "SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    const texts: string[] = [];
    for (const { schema, name } of tables) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM "${schema}"."${name}" t`,
      );
      texts.push(...rows.map((row) => `${name}: ${row.row}`));
    }
    return texts.join('\n');
  } finally {
    await client.end();
  }
}

describe('erasing a member by destroying his data key', () => {
  let backend: TestBackend;
  let zeb: TestSession;
  let ben: TestSession;
  let admin: TestSession;
  let namedPostId: string;
  let anonymousPostId: string;
  let bensPostId: string;
  const positions: string[] = [];
  const send = async (session: TestSession, method: 'post' | 'put' | 'delete', path: string, body: object) => {
    const response = await backend.command[method](path)
      .set('Cookie', session.cookie)
      .set('Idempotency-Key', randomUUID())
      .send(body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${response.text}`);
    if (response.headers['x-position']) positions.push(response.headers['x-position']);
    return response;
  };
  const caughtUp = async () => {
    for (const position of positions) await backend.runtime.waitFor(parsePosition(position)!, 15_000);
  };
  const read = (session: TestSession | null, path: string) =>
    session ? backend.query.get(path).set('Cookie', session.cookie) : backend.query.get(path);

  // Words only Zeb wrote, his name and his address: none may be readable anywhere once he is erased.
  const ZEB = [
    'Zebediah',
    'zebediah.quill@example.com',
    'the willow behind my fathers house',
    'lanterns on the harbour wall',
    'the summer I stopped drinking',
    'my daughter Ottoline laughing',
    'whispered to the campfire alone',
    'named thoughts at the ember pit',
    'answering Ben with cedar smoke',
    'the reason I reported is quiet',
  ];

  beforeAll(async () => {
    backend = await backendForTest();
    zeb = await signedUpMember(backend, {
      firstName: ZEB[0],
      email: ZEB[1],
      password: PASSWORD,
      wishOthersKnew: `${ZEB[2]} still stands.`,
    });
    ben = await signedUpMember(backend, { firstName: 'Benedict' });
    admin = await signedInAdmin(backend);
    await send(zeb, 'post', '/api/ai/rai/process-journal', {
      journalEntry: `Tonight I thought about ${ZEB[3]} and breathed slowly.`,
    });
    const story = (await send(zeb, 'post', '/api/five-minute-story/session', {})).body;
    await send(zeb, 'put', `/api/five-minute-story/session/${story.id}`, {
      userResponses: [`I remember ${ZEB[4]}, it changed everything.`],
    });
    await send(zeb, 'post', '/api/peace/response', {
      section: PEACE_SECTIONS[0].id,
      prompt: PEACE_SECTIONS[0].prompts[0],
      response: `Purpose is ${ZEB[5]}.`,
    });
    anonymousPostId = (
      await send(zeb, 'post', '/api/forum/posts', {
        title: `Something ${ZEB[6]}`,
        content: `I ${ZEB[6]} last night by the water.`,
        categoryId: 1,
        isAnonymous: true,
      })
    ).body.id;
    // Kept under an Idempotency-Key, its answer is held for retries: erasure forgets it too.
    namedPostId = (
      await send(zeb, 'post', '/api/forum/posts', {
        title: `Some ${ZEB[7]}`,
        content: `A few ${ZEB[7]} for the fire tonight.`,
        categoryId: 1,
        isAnonymous: false,
      })
    ).body.id;
    bensPostId = (
      await send(ben, 'post', '/api/forum/posts', {
        title: 'A hard month at home',
        content: 'A hard month at home, and I do not know who to tell.',
        categoryId: 1,
        isAnonymous: false,
      })
    ).body.id;
    await send(zeb, 'post', `/api/forum/posts/${bensPostId}/replies`, {
      content: `I keep ${ZEB[8]} in mind, brother.`,
      isAnonymous: true,
    });
    await send(ben, 'post', `/api/forum/posts/${namedPostId}/replies`, {
      content: 'Thank you for this, it helped me tonight.',
      isAnonymous: false,
    });
    await send(zeb, 'post', `/api/forum/posts/${bensPostId}/report`, { reason: `Flagging: ${ZEB[9]}.` });
    await send(zeb, 'post', '/api/bookings', {
      sessionTitle: 'First coaching call',
      serviceType: 'coaching',
      scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    await caughtUp();
  }, 120_000);
  afterAll(async () => {
    await backend.close();
  });

  it('holds none of his words in the event log in plain text, even before erasure', async () => {
    const rows = (await everyRow(backend.databaseUrl)).split('\n').filter((row) => row.startsWith('es_events:'));
    for (const phrase of ZEB) expect(rows.filter((row) => row.includes(phrase))).toEqual([]);
  });

  it('refuses the deletion without his password, without DELETE typed out, or signed out', async () => {
    const wrong = await backend.command
      .delete('/api/me')
      .set('Cookie', zeb.cookie)
      .send({ password: 'not my password', confirm: 'DELETE' })
      .expect(400);
    expect(wrong.body.fields).toEqual({ password: 'That is not your current password.' });
    const unconfirmed = await backend.command
      .delete('/api/me')
      .set('Cookie', zeb.cookie)
      .send({ password: PASSWORD, confirm: 'delete' })
      .expect(400);
    expect(unconfirmed.body.fields).toEqual({ confirm: 'Type DELETE to confirm.' });
    await backend.command.delete('/api/me').send({ password: PASSWORD, confirm: 'DELETE' }).expect(401);
    await read(zeb, '/api/auth/user').expect(200);
  });

  it('lets only an admin erase someone else, and answers 404 for no such member', async () => {
    await backend.command
      .post(`/api/admin/users/${ben.userId}/erase`)
      .set('Cookie', zeb.cookie)
      .send({ reason: 'duplicate-account' })
      .expect(403);
    await backend.command
      .post(`/api/admin/users/${ERASED_MEMBER_ID}/erase`)
      .set('Cookie', admin.cookie)
      .send({ reason: 'duplicate-account' })
      .expect(404);
    const unexplained = await backend.command
      .post(`/api/admin/users/${ben.userId}/erase`)
      .set('Cookie', admin.cookie)
      .send({ reason: 'because' })
      .expect(400);
    expect(Object.keys(unexplained.body.fields)).toEqual(['reason']);
  });

  describe('after he deletes his account', () => {
    beforeAll(async () => {
      const answer = await send(zeb, 'delete', '/api/me', { password: PASSWORD, confirm: 'DELETE' });
      expect(answer.body).toEqual({ erased: true });
      await caughtUp();
    }, 60_000);

    it('signs him out everywhere, and his address and password no longer sign anyone in', async () => {
      await read(zeb, '/api/auth/user').expect(401);
      await backend.command.post('/api/auth/login').send({ email: ZEB[1], password: PASSWORD }).expect(401);
    });

    it('keeps his forum posts in their threads as a deleted member, and his anonymous reply anonymous', async () => {
      const posts = (await read(ben, '/api/forum/posts?board=campfire').expect(200)).body as {
        id: string;
        userName: string | null;
        isAnonymous: boolean;
      }[];
      expect(posts.find((post) => post.id === namedPostId)).toMatchObject({
        userName: ERASED_NAME,
        isAnonymous: false,
      });
      expect(posts.find((post) => post.id === anonymousPostId)).toMatchObject({ userName: null, isAnonymous: true });
      const replies = (await read(ben, `/api/forum/posts/${namedPostId}/replies`).expect(200)).body;
      expect(JSON.stringify(replies)).toContain('it helped me tonight');
      const onBens = (await read(ben, `/api/forum/posts/${bensPostId}/replies`).expect(200)).body as {
        isAnonymous: boolean;
      }[];
      expect(onBens).toEqual([expect.objectContaining({ isAnonymous: true })]);
    });

    it('leaves no readable phrase of his after a full replay of every projection and report', async () => {
      // As `npm run replay` does, beside the running service.
      const orm = await openReadModels(backend.databaseUrl);
      try {
        for (const projector of [...PROJECTORS, ...REPORT_PROJECTORS])
          await new ProjectionRebuild(orm, backend.eventStore, projector).run();
      } finally {
        await orm.close();
      }
      const rows = await everyRow(backend.databaseUrl);
      for (const phrase of ZEB)
        expect(rows.split('\n').filter((row) => row.toLowerCase().includes(phrase.toLowerCase()))).toEqual([]);
      // Nothing links the anonymous post to him: not the log, not the read model, not the key table.
      for (const row of rows.split('\n').filter((line) => line.includes(anonymousPostId)))
        expect(row).not.toContain(zeb.userId);
      expect(rows).not.toMatch(/parked_events: /);
      // His named post still reads as a deleted member's; Ben's words are all still there.
      const posts = JSON.stringify((await read(ben, '/api/forum/posts?board=campfire').expect(200)).body);
      expect(posts).toContain(ERASED_NAME);
      expect(posts).toContain('A hard month at home');
    }, 120_000);

    it("shows none of his phrases in another member's export or the admin's views", async () => {
      const texts = [
        JSON.stringify((await read(ben, '/api/me/export').expect(200)).body),
        JSON.stringify((await read(admin, '/api/admin/users').expect(200)).body),
        JSON.stringify((await read(admin, '/api/admin/bookings').expect(200)).body),
        JSON.stringify((await read(admin, '/api/admin/moderation/reports?status=all').expect(200)).body),
      ];
      for (const phrase of ZEB)
        for (const text of texts) expect(text.toLowerCase()).not.toContain(phrase.toLowerCase());
    });
  });
});
