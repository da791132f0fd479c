import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type LocalSecrets = { postgresPassword: string; sessionSecret: string };

/**
 * Secrets the embedded mode generates on first start and keeps in DATA_DIR, so a
 * restart finds the same database password and members stay signed in. Nothing
 * secret ships with the code.
 */
export function localSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets = {
    postgresPassword: randomBytes(18).toString('base64url'),
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
