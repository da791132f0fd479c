import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@reflections/contracts/identity';
import { SETTINGS_MESSAGES } from '@reflections/contracts/settings';
import { userStream } from '@reflections/contracts/streams';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedUpMember } from '@reflections/testing/sessions-for-test';
import { outboxForTest } from '@reflections/testing/outbox-for-test';

const PASSWORD = 'steady-breath';
const NEW_PASSWORD = 'a quiet new passphrase';

/** No SMTP_URL: the embedded default writes each mail to DATA_DIR/outbox. */
const outbox = outboxForTest('reset-mail-');
const { dataDir, mails, mailTo } = outbox;
const tokenIn = (mail: string) => /reset-password\?token=([^\s]+)/.exec(mail)![1];

describe('password reset (issue 24)', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    delete process.env.SMTP_URL;
    backend = await backendForTest({ rateLimits: { passwordResetsPerAccountPerHour: 3 } });
  });
  afterAll(async () => {
    await backend.close();
    outbox.remove();
  });

  it('sends a link through the outbox; it sets a new password once and ends every session', async () => {
    const member = await signedUpMember(backend);
    const asked = await backend.command
      .post('/api/auth/forgot-password')
      .send({ email: member.email.toUpperCase() })
      .expect(200);
    expect(asked.body.message).toBe(SETTINGS_MESSAGES.resetRequested);
    const mail = await mailTo(member.email);
    const token = decodeURIComponent(tokenIn(mail));
    expect(mail).toContain('30 minutes');

    const common = await backend.command
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'password' })
      .expect(400);
    expect(common.body.fields.newPassword).toBe(MESSAGES.passwordTooCommon);
    await backend.command.post('/api/auth/reset-password').send({ token, newPassword: NEW_PASSWORD }).expect(200);
    await backend.query.get('/api/auth/user').set('Cookie', member.cookie).expect(401);
    await backend.command.post('/api/auth/login').send({ email: member.email, password: PASSWORD }).expect(401);
    await backend.command.post('/api/auth/login').send({ email: member.email, password: NEW_PASSWORD }).expect(200);

    const again = await backend.command
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'yet another passphrase' })
      .expect(400);
    expect(again.body.fields.token).toBe(SETTINGS_MESSAGES.resetLinkInvalid);
    // Neither the token nor anything that reveals it is in an event: only its hash.
    expect(JSON.stringify((await backend.allEvents()).map((event) => event.data))).not.toContain(token.split('.')[1]);
  });

  it('refuses an expired link', async () => {
    const member = await signedUpMember(backend);
    const token = `${member.userId}.an-old-link`;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const past = new Date(Date.now() - 60_000).toISOString();
    const { revision } = (
      await backend.eventStore.readStream(userStream(member.userId), { direction: 'backwards', maxCount: 1 })
    )[0];
    await backend.eventStore.appendToStream(
      userStream(member.userId),
      [
        {
          id: randomUUID(),
          type: 'PasswordResetRequested',
          data: { userId: member.userId, tokenHash, expiresAt: past, at: past },
          metadata: { causedBy: null, correlationId: 'test', schemaVersion: 1 },
        },
      ],
      { expectedRevision: revision },
    );
    const refused = await backend.command
      .post('/api/auth/reset-password')
      .send({ token, newPassword: NEW_PASSWORD })
      .expect(400);
    expect(refused.body.error).toBe(SETTINGS_MESSAGES.resetLinkInvalid);
    await backend.command
      .post('/api/auth/reset-password')
      .send({ token: 'not-a-token', newPassword: NEW_PASSWORD })
      .expect(400);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const member = await signedUpMember(backend);
    const known = await backend.command.post('/api/auth/forgot-password').send({ email: member.email }).expect(200);
    const unknown = await backend.command
      .post('/api/auth/forgot-password')
      .send({ email: `nobody-${member.userId}@example.com` })
      .expect(200);
    expect(unknown.body).toEqual(known.body);
    await mailTo(member.email);
    await sleep(200);
    expect(mails().some((mail) => mail.includes(`nobody-${member.userId}`))).toBe(false);
  });

  it('throttles the requests for one address, known or not', async () => {
    const email = `throttled-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) await backend.command.post('/api/auth/forgot-password').send({ email }).expect(200);
    const refused = await backend.command.post('/api/auth/forgot-password').send({ email }).expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
