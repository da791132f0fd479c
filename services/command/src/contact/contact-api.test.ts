import { CONTACT_MESSAGES } from '@reflections/contracts/contact';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';

describe('POST /api/contact', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  const message = {
    name: 'Jordan',
    email: 'jordan@example.com',
    interest: 'coaching',
    message: 'I would like to hear about coaching.',
  };
  const received = async () => (await backend.allEvents()).filter((e) => e.type === 'ContactMessageReceived');

  it('records the message as ContactMessageReceived', async () => {
    const response = await backend.command.post('/api/contact').send(message).expect(201);
    expect(response.body).toEqual({ id: expect.any(String), received: true });
    const [event] = (await received()).filter((e) => (e.data as { messageId: string }).messageId === response.body.id);
    expect(event.data).toMatchObject(message);
    expect(event.streamName).toBe(`contact-${response.body.id}`);
  });

  it('stores a retried send with the same Idempotency-Key once', async () => {
    const before = (await received()).length;
    await backend.command.post('/api/contact').set('Idempotency-Key', 'retry-key-123').send(message).expect(201);
    await backend.command.post('/api/contact').set('Idempotency-Key', 'retry-key-123').send(message).expect(201);
    expect((await received()).length).toBe(before + 1);
  });

  it('names every bad field with the specification message and stores nothing', async () => {
    const before = (await received()).length;
    const response = await backend.command
      .post('/api/contact')
      .send({ name: 'J', email: 'nope', interest: 'golf', message: 'short' })
      .expect(400);
    expect(response.body.fields).toEqual({
      name: CONTACT_MESSAGES.name,
      email: CONTACT_MESSAGES.email,
      interest: CONTACT_MESSAGES.interest,
      message: CONTACT_MESSAGES.message,
    });
    expect((await received()).length).toBe(before);
  });
});
