import { PEACE_MESSAGES, PEACE_SECTIONS } from '@reflections/contracts/peace';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { countCommittedEvents, signUpMember } from '@reflections/testing/signed-in-member';

describe('P.E.A.C.E. API', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  const recorded = async () => (await backend.allEvents()).filter((e) => e.type === 'PeaceResponseRecorded');
  const [purpose, , , connection] = PEACE_SECTIONS;

  it('records each answer, counts them per section and names the questions answered, in any order', async () => {
    const sam = await signUpMember(backend);
    const first = await backend.command
      .post('/api/peace/response')
      .set('Cookie', sam.cookie)
      .send({ section: 'purpose', prompt: purpose.prompts[0], response: 'My kids.' })
      .expect(201);
    expect(first.body).toMatchObject({ section: 'purpose', answered: 1 });
    await backend.command
      .post('/api/peace/response')
      .set('Cookie', sam.cookie)
      .send({ section: 'purpose', prompt: purpose.prompts[1], response: 'That I showed up.' })
      .expect(201);
    const last = await backend.command
      .post('/api/peace/response')
      .set('Cookie', sam.cookie)
      .send({ section: 'connection', prompt: connection.prompts[2], response: 'Call my brother.' })
      .expect(201);
    const [event] = (await recorded()).filter((e) => (e.data as { responseId: string }).responseId === first.body.id);
    expect(event.streamName).toBe(`peace-${sam.userId}`);
    expect(event.data).toMatchObject({
      userId: sam.userId,
      section: 'purpose',
      prompt: purpose.prompts[0],
      response: 'My kids.',
    });

    const summary = await backend.query
      .get('/api/peace/summary')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', last.headers['x-position'])
      .expect(200);
    expect(summary.body.sections).toEqual([
      { section: 'purpose', answered: 2, answeredPrompts: [0, 1] },
      { section: 'ethos', answered: 0, answeredPrompts: [] },
      { section: 'autonomy', answered: 0, answeredPrompts: [] },
      { section: 'connection', answered: 1, answeredPrompts: [2] },
      { section: 'enjoyment', answered: 0, answeredPrompts: [] },
    ]);
  });

  it.each([
    [
      'an unknown section',
      { section: 'pleasure', prompt: purpose.prompts[0], response: 'x' },
      'section',
      PEACE_MESSAGES.section,
    ],
    [
      'a question from another section',
      { section: 'ethos', prompt: purpose.prompts[0], response: 'x' },
      'prompt',
      PEACE_MESSAGES.prompt,
    ],
    [
      'an empty answer',
      { section: 'purpose', prompt: purpose.prompts[0], response: '   ' },
      'response',
      PEACE_MESSAGES.response,
    ],
  ])('answers 400 to %s, naming the field, and appends nothing', async (_name, body, field, message) => {
    const sam = await signUpMember(backend);
    const before = await countCommittedEvents(backend, 'peace-');
    const response = await backend.command.post('/api/peace/response').set('Cookie', sam.cookie).send(body).expect(400);
    expect(response.body.fields[field]).toBe(message);
    expect(await countCommittedEvents(backend, 'peace-')).toBe(before);
  });

  it('answers 401 when signed out, and appends nothing', async () => {
    const before = await countCommittedEvents(backend, 'peace-');
    await backend.command
      .post('/api/peace/response')
      .send({ section: 'purpose', prompt: purpose.prompts[0], response: 'x' })
      .expect(401);
    await backend.query.get('/api/peace/summary').expect(401);
    expect(await countCommittedEvents(backend, 'peace-')).toBe(before);
  });

  it("counts only the member's own answers", async () => {
    const sam = await signUpMember(backend);
    const alex = await signUpMember(backend);
    const saved = await backend.command
      .post('/api/peace/response')
      .set('Cookie', sam.cookie)
      .send({ section: 'purpose', prompt: purpose.prompts[0], response: 'Mine.' })
      .expect(201);
    const summary = await backend.query
      .get('/api/peace/summary')
      .set('Cookie', alex.cookie)
      .set('X-Min-Position', saved.headers['x-position'])
      .expect(200);
    expect(
      summary.body.sections.every(
        (s: { answered: number; answeredPrompts: number[] }) => s.answered === 0 && s.answeredPrompts.length === 0,
      ),
    ).toBe(true);
  });
});
