import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logger } from '@reflections/platform/log/logger';
import { createMailer } from './mailer';

describe('mailer without SMTP (the embedded default)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes the mail to the outbox and logs its file, never what is in it', async () => {
    const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'outbox');
    const logged: unknown[] = [];
    jest
      .spyOn(logger, 'info')
      .mockImplementation(((...args: unknown[]) => void logged.push(...args)) as typeof logger.info);
    await createMailer({ smtpUrl: null, from: 'Reflections <no-reply@localhost>', outboxDir }).send({
      to: 'sam@example.com',
      subject: 'Choose a new password',
      text: 'token=unmistakable-secret',
    });
    const [file] = fs.readdirSync(outboxDir);
    const mail = fs.readFileSync(path.join(outboxDir, file), 'utf8');
    expect(mail).toContain('To: sam@example.com');
    expect(mail).toContain('unmistakable-secret');
    expect(logged).toEqual([`mail written to ${path.join(outboxDir, file)}`]);
    fs.rmSync(path.dirname(outboxDir), { recursive: true, force: true });
  });
});
