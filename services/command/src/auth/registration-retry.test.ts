import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { connectionLoss } from '@reflections/testing/connection-loss';

describe('a registration that failed after reserving its email', () => {
  let backend: TestBackend;
  const database = connectionLoss();
  beforeAll(async () => {
    backend = await backendForTest({ commandEventStore: database.wrap });
  });
  afterAll(async () => {
    await backend.close();
  });

  it('can be retried at once, and the member then signs in', async () => {
    const payload = registration();
    database.failNextAppendTo('user-');
    const failed = await backend.command
      .post('/api/auth/register')
      .set('Idempotency-Key', 'register-retry-1')
      .send(payload);
    expect(failed.status).toBe(503);

    const retried = await backend.command
      .post('/api/auth/register')
      .set('Idempotency-Key', 'register-retry-1')
      .send(payload);

    expect(retried.status).toBe(201);
    const signedIn = await backend.command
      .post('/api/auth/login')
      .send({ email: payload.email, password: payload.password })
      .expect(200);
    expect(signedIn.body.user.id).toBe(retried.body.user.id);
  });

  it('can be retried at once without a key too', async () => {
    const payload = registration();
    database.failNextAppendTo('user-');
    await backend.command.post('/api/auth/register').send(payload).expect(503);

    await backend.command.post('/api/auth/register').send(payload).expect(201);
  });

  it('answers the retry of a registration stored but whose answer was lost as the first time', async () => {
    const payload = registration();
    database.failNextAppendTo('user-', { afterCommit: true });
    await backend.command
      .post('/api/auth/register')
      .set('Idempotency-Key', 'register-retry-2')
      .send(payload)
      .expect(503);

    const retried = await backend.command
      .post('/api/auth/register')
      .set('Idempotency-Key', 'register-retry-2')
      .send(payload)
      .expect(201);

    const signedIn = await backend.command
      .post('/api/auth/login')
      .send({ email: payload.email, password: payload.password })
      .expect(200);
    expect(signedIn.body.user.id).toBe(retried.body.user.id);
    const registered = (await backend.allEvents()).filter(
      (e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === payload.email,
    );
    expect(registered).toHaveLength(1);
  });

  it('still refuses an address whose member was registered', async () => {
    const payload = registration();
    await backend.command.post('/api/auth/register').send(payload).expect(201);

    await backend.command.post('/api/auth/register').send(payload).expect(409);
  });
});
