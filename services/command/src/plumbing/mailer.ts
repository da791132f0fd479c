import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { readConfig } from '@reflections/platform/config';
import { logger } from '@reflections/platform/log/logger';

export type Mail = { readonly to: string; readonly subject: string; readonly text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

const DEFAULT_FROM = 'Reflections <no-reply@localhost>';

/**
 * Mail through nodemailer: over SMTP_URL when it is set; otherwise (the embedded default)
 * each message is written as an .eml file to `outboxDir` and the log names the file, never
 * what is in it, so a developer can follow a link without a mail server.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: options.from, ...mail })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const { message } = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await fs.writeFile(file, message as Buffer, { mode: 0o600 });
      logger.info(`mail written to ${file}`);
    },
  };
}

/** SMTP_URL and MAIL_FROM (docs/operations.md#configuration); the outbox in DATA_DIR/outbox. */
export function mailerFromEnvironment(env: NodeJS.ProcessEnv = process.env): Mailer {
  return createMailer({
    smtpUrl: env.SMTP_URL || null,
    from: env.MAIL_FROM || DEFAULT_FROM,
    outboxDir: path.join(readConfig(env).dataDir, 'outbox'),
  });
}
