import { WELCOME_MESSAGES } from '@reflections/contracts/welcome';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { countCommittedEvents, signUpMember } from '@reflections/testing/signed-in-member';

/** Issue 25: the welcome's "Don't show this again" follows the member to every browser. */
describe('POST /api/me/welcome', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  const dashboard = (cookie: string, position: string) =>
    backend.query.get('/api/dashboard').set('Cookie', cookie).set('X-Min-Position', position).expect(200);

  it('keeps the choice on his profile, where the dashboard of any browser reads it, and records only a change', async () => {
    const sam = await signUpMember(backend);
    const alex = await signUpMember(backend);
    const off = await backend.command
      .post('/api/me/welcome')
      .set('Cookie', sam.cookie)
      .send({ showWelcome: false })
      .expect(200);
    expect(off.body).toEqual({ showWelcome: false });
    expect((await dashboard(sam.cookie, off.headers['x-position'])).body.showWelcome).toBe(false);
    expect((await dashboard(alex.cookie, off.headers['x-position'])).body.showWelcome).toBe(true);

    const before = await countCommittedEvents(backend, 'preferences-');
    await backend.command
      .post('/api/me/welcome')
      .set('Cookie', sam.cookie)
      .send({ showWelcome: false })
      .expect(200, { showWelcome: false });
    expect(await countCommittedEvents(backend, 'preferences-')).toBe(before);

    const on = await backend.command
      .post('/api/me/welcome')
      .set('Cookie', sam.cookie)
      .send({ showWelcome: true })
      .expect(200);
    expect((await dashboard(sam.cookie, on.headers['x-position'])).body.showWelcome).toBe(true);
  });

  it.each([
    ['no choice', {}],
    ['a choice that is not true or false', { showWelcome: 'no' }],
  ])('answers 400 to %s, naming the field, and records nothing', async (_name, body) => {
    const sam = await signUpMember(backend);
    const before = await countCommittedEvents(backend, 'preferences-');
    const response = await backend.command.post('/api/me/welcome').set('Cookie', sam.cookie).send(body).expect(400);
    expect(response.body.fields).toEqual({ showWelcome: WELCOME_MESSAGES.showWelcome });
    expect(await countCommittedEvents(backend, 'preferences-')).toBe(before);
  });

  it('answers 401 when signed out', async () => {
    await backend.command.post('/api/me/welcome').send({ showWelcome: false }).expect(401);
  });
});
