import { MESSAGES } from '@reflections/contracts/identity';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';

describe('identity API', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    (response.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');

  it('registers a member who is then signed in on the query side', async () => {
    const payload = registration();
    const registered = await backend.command.post('/api/auth/register').send(payload).expect(201);
    expect(registered.headers['x-position']).toMatch(/^\d+:\d+$/);
    expect(registered.body.user).toMatchObject({
      email: payload.email,
      firstName: 'Sam',
      role: 'member',
      membershipType: 'free',
      archetype: 'peacemaker',
    });
    const me = await backend.query
      .get('/api/auth/user')
      .set('Cookie', cookieOf(registered))
      .set('X-Min-Position', registered.headers['x-position'])
      .expect(200);
    expect(me.body).toMatchObject({
      id: registered.body.user.id,
      email: payload.email,
      firstName: 'Sam',
      membershipType: 'free',
    });
    expect(me.headers['x-read-your-writes']).toBeUndefined();
  });

  it('never puts the password in an event or a response', async () => {
    const payload = registration({ password: 'unmistakable-secret' });
    const registered = await backend.command.post('/api/auth/register').send(payload).expect(201);
    expect(JSON.stringify(registered.body)).not.toContain('unmistakable-secret');
    const events = await backend.allEvents();
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('unmistakable-secret');
  });

  it('signs in with the right password and refuses a wrong one', async () => {
    const payload = registration();
    await backend.command.post('/api/auth/register').send(payload).expect(201);
    const login = await backend.command
      .post('/api/auth/login')
      .send({ email: payload.email.toUpperCase(), password: payload.password })
      .expect(200);
    expect(login.body.user).toMatchObject({ email: payload.email, role: 'member', firstName: 'Sam' });
    const wrong = await backend.command
      .post('/api/auth/login')
      .send({ email: payload.email, password: 'not-it' })
      .expect(401);
    expect(wrong.body.error).toBe(MESSAGES.loginFailed);
    const unknown = await backend.command
      .post('/api/auth/login')
      .send({ email: 'nobody@example.com', password: 'whatever' })
      .expect(401);
    expect(unknown.body.error).toBe(MESSAGES.loginFailed);
  });

  it('gives a fresh session on registration, so a cookie planted before it is not signed in as the new member', async () => {
    const attacker = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    const planted = cookieOf(attacker);
    const victim = registration();
    const registered = await backend.command.post('/api/auth/register').set('Cookie', planted).send(victim).expect(201);
    expect(cookieOf(registered)).not.toBe(planted);
    const withPlanted = await backend.query
      .get('/api/auth/user')
      .set('Cookie', planted)
      .set('X-Min-Position', registered.headers['x-position']);
    expect(withPlanted.body.email).not.toBe(victim.email);
    const withFresh = await backend.query
      .get('/api/auth/user')
      .set('Cookie', cookieOf(registered))
      .set('X-Min-Position', registered.headers['x-position'])
      .expect(200);
    expect(withFresh.body.email).toBe(victim.email);
  });

  it('does not mark the cookie Secure because a client says X-Forwarded-Proto: https (no TRUST_PROXY)', async () => {
    const registered = await backend.command
      .post('/api/auth/register')
      .set('X-Forwarded-Proto', 'https')
      .send(registration())
      .expect(201);
    expect((registered.headers['set-cookie'] as unknown as string[]).join('\n')).not.toMatch(/;\s*secure/i);
  });

  it('ends the session on logout, for both services', async () => {
    const registered = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    const cookie = cookieOf(registered);
    const position = registered.headers['x-position'];
    await backend.query.get('/api/auth/user').set('Cookie', cookie).set('X-Min-Position', position).expect(200);
    await backend.command.post('/api/auth/logout').set('Cookie', cookie).expect(200);
    await backend.query.get('/api/auth/user').set('Cookie', cookie).expect(401);
  });

  it('signs a member out everywhere: every session of his ends, another member’s stays', async () => {
    const payload = registration();
    const registered = await backend.command.post('/api/auth/register').send(payload).expect(201);
    const phone = cookieOf(
      await backend.command
        .post('/api/auth/login')
        .send({ email: payload.email, password: payload.password })
        .expect(200),
    );
    const laptop = cookieOf(
      await backend.command
        .post('/api/auth/login')
        .send({ email: payload.email, password: payload.password })
        .expect(200),
    );
    const other = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    const position = other.headers['x-position'];
    await backend.query.get('/api/auth/user').set('Cookie', phone).set('X-Min-Position', position).expect(200);
    await backend.command.post('/api/auth/logout-all').set('Cookie', laptop).expect(200);
    for (const cookie of [cookieOf(registered), phone, laptop]) {
      await backend.query.get('/api/auth/user').set('Cookie', cookie).expect(401);
      await backend.command
        .post('/api/five-minute-story/session')
        .set('Cookie', cookie)
        .send({ sessionStatus: 'started', currentStep: 1, aiPrompts: [], userResponses: [] })
        .expect(401);
    }
    await backend.query.get('/api/auth/user').set('Cookie', cookieOf(other)).expect(200);
  });

  it('asks a visitor to sign in before signing out everywhere', async () => {
    await backend.command.post('/api/auth/logout-all').expect(401);
  });

  it('answers 401 to who-am-I when signed out', async () => {
    const response = await backend.query.get('/api/auth/user').expect(401);
    expect(response.body).toEqual({ error: 'Please sign in', fields: {} });
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const payload = registration();
    await backend.command.post('/api/auth/register').send(payload).expect(201);
    const again = await backend.command
      .post('/api/auth/register')
      .send({ ...payload, email: payload.email.toUpperCase() })
      .expect(409);
    expect(again.text).toContain('already exists');
  });

  it('lets exactly one of 20 concurrent registrations of one email succeed', async () => {
    const payload = registration();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => backend.command.post('/api/auth/register').send(payload)),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    const registrations = (await backend.allEvents()).filter(
      (e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === payload.email,
    );
    expect(registrations).toHaveLength(1);
  });

  describe('bad input', () => {
    it.each([
      ['a short password', { password: 'abc' }, 'password', 'Password must be at least 6 characters long.'],
      ['a password of six spaces', { password: '      ' }, 'password', 'Password must be at least 6 characters long.'],
      ['the most common password', { password: '123456' }, 'password', 'Please choose a less common password.'],
      ['one letter six times', { password: 'aaaaaa' }, 'password', 'Please choose a less common password.'],
      ['a common password in capitals', { password: 'LETMEIN1' }, 'password', 'Please choose a less common password.'],
      ['an invalid email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
      ['an empty first name', { firstName: '   ' }, 'firstName', 'First name is required'],
      ['unticked terms', { acceptedTerms: false }, 'acceptedTerms', 'Accepting the terms is required'],
      ['no return-to-self choice', { returnToSelf: [] }, 'returnToSelf', 'required'],
      ['a wrong type', { firstName: 42 }, 'firstName', 'First name is required'],
    ])('rejects %s with 400 naming the field, and appends nothing', async (_label, override, field, message) => {
      const before = (await backend.allEvents()).length;
      const response = await backend.command.post('/api/auth/register').send(registration(override)).expect(400);
      expect(response.body.fields[field]).toContain(message);
      expect((await backend.allEvents()).length).toBe(before);
    });

    it('rejects missing fields with their messages', async () => {
      const response = await backend.command.post('/api/auth/register').send({}).expect(400);
      expect(Object.keys(response.body.fields)).toEqual(
        expect.arrayContaining(['firstName', 'email', 'password', 'gender', 'acceptedTerms']),
      );
    });

    it('rejects malformed JSON and an oversized body with 400, and a non-JSON body with 403 (what a cross-site form sends)', async () => {
      const malformed = await backend.command
        .post('/api/auth/register')
        .set('Content-Type', 'application/json')
        .send('{"firstName": ')
        .expect(400);
      expect(malformed.body.fields.body).toBe('Malformed JSON');
      await backend.command.post('/api/auth/login').set('Content-Type', 'text/plain').send('email=a').expect(403);
      const huge = await backend.command
        .post('/api/auth/register')
        .send(registration({ wishOthersKnew: 'x'.repeat(200_000) }))
        .expect(400);
      expect(huge.body.fields.body).toMatch(/At most/);
    });

    it('asks for both email and password on login', async () => {
      const response = await backend.command.post('/api/auth/login').send({ email: '', password: '' }).expect(400);
      expect(response.body.error).toBe('Please enter both email and password');
    });
  });
});
