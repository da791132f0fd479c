import { CONTACT_INBOX_MESSAGES } from '@reflections/contracts/contact';
import { parsePosition } from '@reflections/contracts/position';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedInAdmin, signedUpMember, type TestSession } from '@reflections/testing/sessions-for-test';

describe('the contact inbox', () => {
  let backend: TestBackend;
  let admin: TestSession;
  let member: TestSession;
  const sent: Record<string, string> = {};
  let position = '';

  const send = async (label: string, message: string, kind?: string) => {
    const response = await backend.command
      .post('/api/contact')
      .send({ name: 'Jordan', email: 'jordan@example.com', interest: 'other', message, ...(kind ? { kind } : {}) })
      .expect(201);
    sent[label] = response.body.id;
    position = response.headers['x-position'];
  };
  const inbox = (query = '') =>
    backend.query
      .get(`/api/admin/contact-messages${query}`)
      .set('Cookie', admin.cookie)
      .set('X-Min-Position', position)
      .expect(200);

  beforeAll(async () => {
    backend = await backendForTest({ rateLimits: { contactMessagesPerAddressPerHour: 100 } });
    admin = await signedInAdmin(backend);
    member = await signedUpMember(backend);
    await send('question', 'When is the next retreat in the mountains?');
    await send('erasure', 'Please delete my account and everything you hold about me.');
    await send('export', 'I would like a copy of what you keep.', 'data-export');
  });
  afterAll(async () => {
    await backend.close();
  });

  it('shows every message to admins only, newest first, with erasure and export requests marked', async () => {
    await backend.query.get('/api/admin/contact-messages').expect(401);
    await backend.query.get('/api/admin/contact-messages').set('Cookie', member.cookie).expect(403);
    const { body } = await inbox();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(body.messages.map((m: { id: string; kind: string; status: string }) => [m.id, m.kind, m.status])).toEqual([
      [sent.export, 'data-export', 'new'],
      [sent.erasure, 'data-erasure', 'new'],
      [sent.question, 'message', 'new'],
    ]);
    expect(body.messages[1]).toMatchObject({
      name: 'Jordan',
      email: 'jordan@example.com',
      message: 'Please delete my account and everything you hold about me.',
    });
  });

  it('moves a message from new to answered to closed, never back, and filters by status', async () => {
    const change = (id: string, status: string) =>
      backend.command.post(`/api/admin/contact-messages/${id}/status`).set('Cookie', admin.cookie).send({ status });
    const answered = await change(sent.erasure, 'answered').expect(200);
    expect(answered.body).toEqual({ id: sent.erasure, status: 'answered' });
    position = answered.headers['x-position'];
    expect((await change(sent.erasure, 'new').expect(409)).body.error).toBe(CONTACT_INBOX_MESSAGES.backwards);
    const closed = await change(sent.question, 'closed').expect(200);
    position = closed.headers['x-position'];
    await backend.runtime.waitFor(parsePosition(position)!, 10_000);

    expect((await inbox('?status=answered')).body.messages.map((m: { id: string }) => m.id)).toEqual([sent.erasure]);
    expect((await inbox('?status=closed')).body.messages.map((m: { id: string }) => m.id)).toEqual([sent.question]);
    const fresh = await inbox('?status=new');
    expect(fresh.body).toMatchObject({ total: 1, messages: [{ id: sent.export, statusChangedAt: null }] });
  });

  it('answers 404 for a message that does not exist and 400 for a bad status or page', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await backend.command
      .post(`/api/admin/contact-messages/${unknown}/status`)
      .set('Cookie', admin.cookie)
      .send({ status: 'closed' })
      .expect(404);
    await backend.command
      .post(`/api/admin/contact-messages/${sent.export}/status`)
      .set('Cookie', admin.cookie)
      .send({ status: 'lost' })
      .expect(400);
    await backend.query.get('/api/admin/contact-messages?status=lost').set('Cookie', admin.cookie).expect(400);
    await backend.query.get('/api/admin/contact-messages?page=0').set('Cookie', admin.cookie).expect(400);
    expect((await inbox('?page=2')).body).toMatchObject({ total: 3, page: 2, messages: [] });
  });
});
