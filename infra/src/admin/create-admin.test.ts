import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { createAdmin } from '@reflections/command/auth/create-admin';

describe('admin:create', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('creates an admin who signs in with role admin', async () => {
    const result = await createAdmin(backend.eventStore, { email: 'Chief@Example.com', password: 'a-long-passphrase' });
    expect(result.created).toBe(true);
    const login = await backend.command
      .post('/api/auth/login')
      .send({ email: 'chief@example.com', password: 'a-long-passphrase' })
      .expect(200);
    expect(login.body.user.role).toBe('admin');
  });

  it('promotes an existing member and sets the new password', async () => {
    const member = registration();
    await backend.command.post('/api/auth/register').send(member).expect(201);
    const result = await createAdmin(backend.eventStore, { email: member.email, password: 'new-admin-pass' });
    expect(result.created).toBe(false);
    const login = await backend.command
      .post('/api/auth/login')
      .send({ email: member.email, password: 'new-admin-pass' })
      .expect(200);
    expect(login.body.user.role).toBe('admin');
    const cookie = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const me = await backend.query
      .get('/api/auth/user')
      .set('Cookie', cookie)
      .set('X-Min-Position', login.headers['x-position'])
      .expect(200);
    expect(me.body.role).toBe('admin');
  });

  it('refuses a short password without writing anything', async () => {
    const before = (await backend.allEvents()).length;
    await expect(createAdmin(backend.eventStore, { email: 'x@example.com', password: '123' })).rejects.toThrow(
      'Password must be at least 6',
    );
    expect((await backend.allEvents()).length).toBe(before);
  });

  it('refuses a first name the read models could not show, without writing anything', async () => {
    const before = (await backend.allEvents()).length;
    await expect(
      createAdmin(backend.eventStore, {
        email: 'y@example.com',
        password: 'a-long-passphrase',
        firstName: 'Ada\u0000',
      }),
    ).rejects.toThrow('First name contains characters we cannot store');
    await expect(
      createAdmin(backend.eventStore, {
        email: 'y@example.com',
        password: 'a-long-passphrase',
        firstName: 'A'.repeat(101),
      }),
    ).rejects.toThrow('First name must be at most 100 characters');
    expect((await backend.allEvents()).length).toBe(before);
  });
});
