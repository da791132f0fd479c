import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A DATA_DIR of its own for a test file, whose outbox (no SMTP_URL: the embedded default
 * writes each mail there) the test reads. Set `process.env.DATA_DIR = dataDir` before the
 * backend starts; `remove()` after it stops.
 */
export function outboxForTest(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const outbox = path.join(dataDir, 'outbox');
  const mails = () =>
    fs.existsSync(outbox)
      ? fs.readdirSync(outbox).map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8')))
      : [];
  return {
    dataDir,
    /** Every mail written so far, decoded. */
    mails,
    /** The first mail to `email` whose text includes `including`, waiting up to 5 s for it. */
    async mailTo(email: string, including = ''): Promise<string> {
      for (let tries = 0; tries < 100; tries++) {
        const found = mails().find((mail) => mail.includes(`To: ${email}`) && mail.includes(including));
        if (found) return found;
        await sleep(50);
      }
      throw new Error(`no mail to ${email} in ${outbox}`);
    },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
