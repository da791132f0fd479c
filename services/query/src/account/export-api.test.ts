import type { Response } from 'superagent';
import { MemberExport } from '@reflections/contracts/account';
import { PEACE_SECTIONS } from '@reflections/contracts/peace';
import { parsePosition } from '@reflections/contracts/position';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedUpMember, type TestSession } from '@reflections/testing/sessions-for-test';

const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};
const today = () => new Date().toISOString().slice(0, 10);

describe("a member's export of his own data", () => {
  let backend: TestBackend;
  let ari: TestSession;
  let ben: TestSession;
  const positions: string[] = [];
  const as = (session: TestSession) => ({
    post: (path: string, body: object) =>
      backend.command
        .post(path)
        .set('Cookie', session.cookie)
        .send(body)
        .then((response) => {
          if (response.status >= 300) throw new Error(`${path}: ${response.status} ${response.text}`);
          positions.push(response.headers['x-position']);
          return response;
        }),
  });
  const read = (session: TestSession | null, path: string) => {
    const request = backend.query.get(path);
    return session ? request.set('Cookie', session.cookie) : request;
  };

  // Words only one of them wrote: an export holding the other's is a leak.
  const ARI = [
    'lantern by the lake',
    'anonymous ember of Ari',
    'Ari answers quietly',
    'purpose of Ari is the river',
    'Named campfire thoughts of Ari',
  ];
  const BEN = ['granite of Ben', 'anonymous confession of Ben', 'Ben replies to Ari'];

  beforeAll(async () => {
    backend = await backendForTest();
    ari = await signedUpMember(backend, { firstName: 'Ari' });
    ben = await signedUpMember(backend, { firstName: 'Ben' });
    const post = (session: TestSession, title: string, isAnonymous: boolean) =>
      as(session).post('/api/forum/posts', {
        title,
        content: `${title}, and a few more words for the fire.`,
        categoryId: 1,
        isAnonymous,
      });
    await as(ari).post('/api/ai/rai/process-journal', {
      journalEntry: `Tonight I sat with the ${ARI[0]} and breathed.`,
    });
    await as(ben).post('/api/ai/rai/process-journal', { journalEntry: `The ${BEN[0]} is heavy this week.` });
    await as(ari).post('/api/peace/response', {
      section: PEACE_SECTIONS[0].id,
      prompt: PEACE_SECTIONS[0].prompts[0],
      response: `The ${ARI[3]}, always.`,
    });
    const named = (await post(ari, ARI[4], false)).body;
    await post(ari, ARI[1], true);
    const bens = (await post(ben, BEN[1], true)).body;
    await as(ari).post(`/api/forum/posts/${bens.id}/replies`, {
      content: `${ARI[2]}: you are not alone.`,
      isAnonymous: true,
    });
    await as(ben).post(`/api/forum/posts/${named.id}/replies`, {
      content: `${BEN[2]}: thank you, brother.`,
      isAnonymous: false,
    });
    await as(ari).post('/api/bookings', {
      sessionTitle: 'First coaching call',
      serviceType: 'coaching',
      scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    for (const position of positions) await backend.runtime.waitFor(parsePosition(position)!, 10_000);
  });
  afterAll(async () => {
    await backend.close();
  });

  it('answers 401 to anyone signed out', async () => {
    await read(null, '/api/me/export').expect(401);
    await read(null, '/api/me/export/reflections.md').expect(401);
    await read(null, '/api/me/export/reflections.pdf').expect(401);
  });

  it('gives him everything he wrote, his anonymous posts and replies included, and nothing of another member', async () => {
    const { body, headers } = await read(ari, '/api/me/export').expect(200);
    expect(MemberExport.decode(body)._tag).toBe('Right');
    expect(headers['content-disposition']).toMatch(/^attachment; filename="reflections-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(body.profile).toMatchObject({ id: ari.userId, email: ari.email, firstName: 'Ari' });
    expect(body.journeyAnswers).toMatchObject({ innerLandscape: 'storm' });
    expect(body.journal).toEqual([
      expect.objectContaining({ text: expect.stringContaining(ARI[0]), raiReply: expect.any(String) }),
    ]);
    expect(body.peace).toEqual([expect.objectContaining({ answer: expect.stringContaining(ARI[3]) })]);
    expect(body.forumPosts.map((p: { title: string; anonymous: boolean }) => [p.title, p.anonymous]).sort()).toEqual(
      [
        [ARI[4], false],
        [ARI[1], true],
      ].sort(),
    );
    expect(body.forumReplies).toEqual([
      expect.objectContaining({ content: expect.stringContaining(ARI[2]), anonymous: true }),
    ]);
    expect(body.bookings).toEqual([
      expect.objectContaining({ sessionTitle: 'First coaching call', status: 'scheduled' }),
    ]);
    expect(body.activities.length).toBeGreaterThan(0);
    expect(body.truncated).toEqual([]);
    const text = JSON.stringify(body);
    for (const phrase of ARI) expect(text).toContain(phrase);
    for (const phrase of BEN) expect(text).not.toContain(phrase);
    expect(text).not.toContain(ben.userId);
  });

  it("gives the other member his own and none of the first one's", async () => {
    const text = JSON.stringify((await read(ben, '/api/me/export').expect(200)).body);
    for (const phrase of BEN) expect(text).toContain(phrase);
    for (const phrase of ARI) expect(text).not.toContain(phrase);
  });

  it('writes his reflections for a date range as Markdown, his words quoted', async () => {
    const markdown = await read(ari, `/api/me/export/reflections.md?from=${today()}&to=${today()}`).expect(200);
    expect(markdown.headers['content-type']).toMatch(/^text\/markdown/);
    expect(markdown.text).toMatch(/^# Reflections of Ari\n/);
    expect(markdown.text).toContain(`> Tonight I sat with the ${ARI[0]} and breathed.`);
    expect(markdown.text).toContain('## P.E.A.C.E. · Purpose');
    expect(markdown.text).not.toContain(BEN[0]);
    // Forum posts are not reflections; they are in the JSON export.
    expect(markdown.text).not.toContain(ARI[4]);
    const past = await read(ari, '/api/me/export/reflections.md?from=2020-01-01&to=2020-01-31').expect(200);
    expect(past.text).toContain('Nothing was written in this period.');
  });

  it('makes the same reflections a PDF', async () => {
    const pdf = await read(ari, `/api/me/export/reflections.pdf?to=${today()}`).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="reflections-start-to-${today()}.pdf"`);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 400 for a date that is not a day, or a range that ends before it starts', async () => {
    for (const query of [
      'from=yesterday',
      'to=2026-02-30',
      'from=2026-11-02&to=2026-11-01',
      'from=2026-11-01&from=2026-11-02',
    ]) {
      const response = await read(ari, `/api/me/export/reflections.md?${query}`).expect(400);
      expect(response.body.error).toMatch(/YYYY-MM-DD|from must not be after to/);
    }
    await read(ari, '/api/me/export/reflections.pdf?to=2026-13-01').expect(400);
  });
});
