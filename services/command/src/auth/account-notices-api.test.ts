import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { outboxForTest } from '@reflections/testing/outbox-for-test';
import { signedUpMember } from '@reflections/testing/sessions-for-test';

const PASSWORD = 'steady-breath';
const outbox = outboxForTest('account-notices-');

/** Someone who changes a member's email or password (he, or whoever has his session and password) is told at an address the member still reads. */
describe('account notices', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    process.env.DATA_DIR = outbox.dataDir;
    delete process.env.SMTP_URL;
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
    outbox.remove();
  });

  it('tells the old address that the email changed, without naming the new one', async () => {
    const member = await signedUpMember(backend);
    const newEmail = `moved-${member.userId}@example.com`;
    await backend.command
      .post('/api/me/email')
      .set('Cookie', member.cookie)
      .send({ email: newEmail, currentPassword: PASSWORD })
      .expect(200);
    const notice = await outbox.mailTo(member.email, 'email address of your Reflections account was changed');
    expect(notice).toContain('Hello Sam,');
    expect(notice).toContain('Contact page');
    expect(notice).not.toContain(newEmail);
    expect(notice).not.toMatch(/https?:\/\//);
    expect(outbox.mails().filter((mail) => mail.includes(`To: ${newEmail}`))).toEqual([]);
  });

  it('tells his address that the password changed, and sends nothing for a refused change', async () => {
    const member = await signedUpMember(backend);
    await backend.command
      .post('/api/me/password')
      .set('Cookie', member.cookie)
      .send({ currentPassword: 'not-it', newPassword: 'a quiet new passphrase' })
      .expect(400);
    await backend.command
      .post('/api/me/password')
      .set('Cookie', member.cookie)
      .send({ currentPassword: PASSWORD, newPassword: 'a quiet new passphrase' })
      .expect(200);
    const notice = await outbox.mailTo(member.email, 'password of your Reflections account was changed');
    expect(notice).toContain('Forgot your password?');
    expect(outbox.mails().filter((mail) => mail.includes(`To: ${member.email}`))).toHaveLength(1);
  });
});
