import { MESSAGES } from '@reflections/contracts/identity';
import { parsePosition } from '@reflections/contracts/position';
import { SETTINGS_MESSAGES } from '@reflections/contracts/settings';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedUpMember } from '@reflections/testing/sessions-for-test';

const PASSWORD = 'steady-breath';
const cookieOf = (response: { headers: Record<string, unknown> }) =>
  (response.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');

describe('/api/me settings (issue 24)', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  const whoAmI = async (cookie: string, position: string) => {
    await backend.runtime.waitFor(parsePosition(position)!, 10_000);
    return backend.query.get('/api/auth/user').set('Cookie', cookie);
  };

  it('changes the first name: the user and the dashboard read it', async () => {
    const member = await signedUpMember(backend);
    const changed = await backend.command
      .post('/api/me/first-name')
      .set('Cookie', member.cookie)
      .send({ firstName: '  Jonah ' })
      .expect(200);
    expect(changed.body).toEqual({ email: member.email, firstName: 'Jonah' });
    expect((await whoAmI(member.cookie, changed.headers['x-position'])).body.firstName).toBe('Jonah');
    const dashboard = await backend.query.get('/api/dashboard').set('Cookie', member.cookie).expect(200);
    expect(dashboard.body.user.firstName).toBe('Jonah');
    const empty = await backend.command
      .post('/api/me/first-name')
      .set('Cookie', member.cookie)
      .send({ firstName: ' ' })
      .expect(400);
    expect(empty.body.fields.firstName).toBe(MESSAGES.firstNameRequired);
  });

  it('changes the email with the password: he signs in with the new one, the old one is free for someone else', async () => {
    const member = await signedUpMember(backend);
    const wrong = await backend.command
      .post('/api/me/email')
      .set('Cookie', member.cookie)
      .send({ email: 'new@example.com', currentPassword: 'not-it' })
      .expect(400);
    expect(wrong.body.fields.currentPassword).toBe(SETTINGS_MESSAGES.currentPasswordWrong);
    const invalid = await backend.command
      .post('/api/me/email')
      .set('Cookie', member.cookie)
      .send({ email: 'nope', currentPassword: PASSWORD })
      .expect(400);
    expect(invalid.body.fields.email).toBe(MESSAGES.emailInvalid);

    const newEmail = `changed-${member.userId}@example.com`;
    const changed = await backend.command
      .post('/api/me/email')
      .set('Cookie', member.cookie)
      .send({ email: newEmail.toUpperCase(), currentPassword: PASSWORD })
      .expect(200);
    expect(changed.body.email).toBe(newEmail);
    expect((await whoAmI(member.cookie, changed.headers['x-position'])).body.email).toBe(newEmail);
    await backend.command.post('/api/auth/login').send({ email: newEmail, password: PASSWORD }).expect(200);
    await backend.command.post('/api/auth/login').send({ email: member.email, password: PASSWORD }).expect(401);

    const other = await signedUpMember(backend);
    const taken = await backend.command
      .post('/api/me/email')
      .set('Cookie', other.cookie)
      .send({ email: newEmail, currentPassword: PASSWORD })
      .expect(409);
    expect(taken.body.error).toBe(MESSAGES.emailTaken);
    await backend.command
      .post('/api/me/email')
      .set('Cookie', other.cookie)
      .send({ email: member.email, currentPassword: PASSWORD })
      .expect(200);
  });

  it('changes the password with the current one: every other session ends, this one goes on', async () => {
    const member = await signedUpMember(backend);
    const phone = cookieOf(
      await backend.command.post('/api/auth/login').send({ email: member.email, password: PASSWORD }).expect(200),
    );
    const wrong = await backend.command
      .post('/api/me/password')
      .set('Cookie', member.cookie)
      .send({ currentPassword: 'not-it', newPassword: 'a fresh long passphrase' })
      .expect(400);
    expect(wrong.body.fields.currentPassword).toBe(SETTINGS_MESSAGES.currentPasswordWrong);
    const common = await backend.command
      .post('/api/me/password')
      .set('Cookie', member.cookie)
      .send({ currentPassword: PASSWORD, newPassword: 'password123' })
      .expect(400);
    expect(common.body.fields.newPassword).toBe(MESSAGES.passwordTooCommon);
    const short = await backend.command
      .post('/api/me/password')
      .set('Cookie', member.cookie)
      .send({ currentPassword: PASSWORD, newPassword: 'abc' })
      .expect(400);
    expect(short.body.fields.newPassword).toBe(MESSAGES.passwordTooShort);

    const changed = await backend.command
      .post('/api/me/password')
      .set('Cookie', member.cookie)
      .send({ currentPassword: PASSWORD, newPassword: 'a fresh long passphrase' })
      .expect(200);
    const here = cookieOf(changed);
    expect((await whoAmI(here, changed.headers['x-position'])).status).toBe(200);
    await backend.query.get('/api/auth/user').set('Cookie', phone).expect(401);
    await backend.query.get('/api/auth/user').set('Cookie', member.cookie).expect(401);
    await backend.command.post('/api/auth/login').send({ email: member.email, password: PASSWORD }).expect(401);
    await backend.command
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a fresh long passphrase' })
      .expect(200);
  });

  it('is for members only', async () => {
    await backend.command.post('/api/me/first-name').send({ firstName: 'Sam' }).expect(401);
    await backend.command
      .post('/api/me/password')
      .send({ currentPassword: PASSWORD, newPassword: 'a fresh long passphrase' })
      .expect(401);
  });
});

describe('/api/me: guesses at the current password', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest({ rateLimits: { failuresPerAccountAddress: 2 } });
  });
  afterAll(async () => {
    await backend.close();
  });

  it('count as failed sign-ins: after the limit even the right password waits', async () => {
    const member = await signedUpMember(backend);
    for (let i = 0; i < 2; i++)
      await backend.command
        .post('/api/me/password')
        .set('Cookie', member.cookie)
        .send({ currentPassword: `guess-${i}`, newPassword: 'a fresh long passphrase' })
        .expect(400);
    const refused = await backend.command
      .post('/api/me/email')
      .set('Cookie', member.cookie)
      .send({ email: 'new@example.com', currentPassword: PASSWORD })
      .expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
