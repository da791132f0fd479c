import { randomUUID } from 'node:crypto';
import { DEFAULT_ARCHETYPE } from '@reflections/contracts/archetypes';
import { MESSAGES } from '@reflections/contracts/identity';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { userStream } from '@reflections/contracts/streams';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { reserveEmail } from './identity-store';
import { userDecider } from './user-decider';
import { hashPassword } from './password';

/** Issue 25: a member registered without answers takes the journey signed in. */
describe('POST /api/auth/journey-answers', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    (response.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
  const {
    email: _email,
    password: _password,
    firstName: _firstName,
    acceptedTerms: _terms,
    archetype: _archetype,
    ...answers
  } = registration();

  /** A member as `admin:create` makes one: registered on the event log, without answers. */
  async function memberWithoutAnswers() {
    const userId = randomUUID();
    const email = `kai+${userId}@example.com`;
    const context = { userId: null, correlationId: `test-${userId}` };
    await reserveEmail(backend.eventStore, email, userId, context);
    const now = new Date().toISOString();
    await handleCommand(
      backend.eventStore,
      userStream(userId),
      userDecider,
      {
        type: 'RegisterUser',
        userId,
        email,
        firstName: 'Kai',
        passwordHash: await hashPassword('steady-breath'),
        answers: null,
        archetype: DEFAULT_ARCHETYPE,
        now,
      },
      context,
    );
    const login = await backend.command.post('/api/auth/login').send({ email, password: 'steady-breath' }).expect(200);
    return { userId, cookie: cookieOf(login), position: login.headers['x-position'] as string };
  }

  it('records the answers of a member who had none: the dashboard then shows his insights and the archetype they gave him', async () => {
    const member = await memberWithoutAnswers();
    const before = await backend.query
      .get('/api/dashboard')
      .set('Cookie', member.cookie)
      .set('X-Min-Position', member.position)
      .expect(200);
    expect(before.body.onboardingData).toBeNull();

    const recorded = await backend.command
      .post('/api/auth/journey-answers')
      .set('Cookie', member.cookie)
      .send({ ...answers, presenceInRoom: 'lead', coreDrive: 'achievement' })
      .expect(201);
    expect(recorded.body).toEqual({ archetype: 'boss' });

    const position = recorded.headers['x-position'];
    const dashboard = await backend.query
      .get('/api/dashboard')
      .set('Cookie', member.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(dashboard.body.onboardingData).toMatchObject({
      assignedArchetype: 'The Boss',
      seeking: expect.any(String),
      innerStrength: expect.any(String),
      peaceMeaning: expect.any(String),
    });
    const me = await backend.query
      .get('/api/auth/user')
      .set('Cookie', member.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(me.body).toMatchObject({ id: member.userId, archetype: 'boss', firstName: 'Kai' });
  });

  it('refuses a second set of answers with 409, and a member who answered on registration too', async () => {
    const member = await memberWithoutAnswers();
    await backend.command.post('/api/auth/journey-answers').set('Cookie', member.cookie).send(answers).expect(201);
    const again = await backend.command
      .post('/api/auth/journey-answers')
      .set('Cookie', member.cookie)
      .send(answers)
      .expect(409);
    expect(again.body.error).toBe(MESSAGES.journeyAnswered);

    const registered = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    await backend.command
      .post('/api/auth/journey-answers')
      .set('Cookie', cookieOf(registered))
      .send(answers)
      .expect(409);
  });

  it('answers a retry with the same Idempotency-Key as the first time, without a second event', async () => {
    const member = await memberWithoutAnswers();
    const first = await backend.command
      .post('/api/auth/journey-answers')
      .set('Cookie', member.cookie)
      .set('Idempotency-Key', `journey-${member.userId}`)
      .send(answers)
      .expect(201);
    const retried = await backend.command
      .post('/api/auth/journey-answers')
      .set('Cookie', member.cookie)
      .set('Idempotency-Key', `journey-${member.userId}`)
      .send(answers)
      .expect(201);
    expect(retried.body).toEqual(first.body);
    const recorded = (await backend.allEvents()).filter(
      (event) => event.type === 'JourneyAnswersRecorded' && (event.data as { userId: string }).userId === member.userId,
    );
    expect(recorded).toHaveLength(1);
  });

  it('refuses a visitor, and answers that are missing or too long, with the field message', async () => {
    await backend.command.post('/api/auth/journey-answers').send(answers).expect(401);
    const member = await memberWithoutAnswers();
    const { seeking: _seeking, ...withoutSeeking } = answers;
    const missing = await backend.command
      .post('/api/auth/journey-answers')
      .set('Cookie', member.cookie)
      .send(withoutSeeking)
      .expect(400);
    expect(missing.body.fields).toHaveProperty('seeking');
    const long = await backend.command
      .post('/api/auth/journey-answers')
      .set('Cookie', member.cookie)
      .send({ ...answers, futureMessage: 'x'.repeat(2001) })
      .expect(400);
    expect(long.body.fields.futureMessage).toMatch(/at most 2000 characters/);
    // Credentials are not part of this journey: an email or a password in the body is dropped, never recorded.
    await backend.command
      .post('/api/auth/journey-answers')
      .set('Cookie', member.cookie)
      .send({ ...answers, email: 'other@example.com', password: 'unmistakable-secret' })
      .expect(201);
    expect(JSON.stringify((await backend.allEvents()).map((e) => e.data))).not.toContain('unmistakable-secret');
  });
});
