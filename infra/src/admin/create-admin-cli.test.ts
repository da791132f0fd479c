import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { readPasswordFrom } from './create-admin';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const cli = (args: string[], env: Record<string, string>, input = '') =>
  spawnSync(process.execPath, ['--import', 'tsx', 'infra/src/admin/create-admin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('admin:create takes the password from standard input or a prompt, never the command line', () => {
  it('reads the first line of standard input, without its line ending', async () => {
    expect(await readPasswordFrom(Readable.from(['a long pass', 'phrase\r\nnext line\n']))).toBe('a long passphrase');
    expect(await readPasswordFrom(Readable.from([]))).toBe('');
  });

  it('creates the admin with --password-stdin and refuses --password', async () => {
    const databaseUrl = await createTestDatabase();
    const env = { DATABASE_URL: databaseUrl };
    const refused = cli(['--email', 'ops@example.com', '--password', 'on-the-command-line'], env);
    expect({ status: refused.status, stderr: refused.stderr }).toEqual({
      status: 2,
      stderr: expect.stringContaining('no longer takes --password'),
    });

    const created = cli(['--email', 'ops@example.com', '--password-stdin'], env, 'a long passphrase\n');
    expect({ status: created.status, stdout: created.stdout }).toEqual({
      status: 0,
      stdout: expect.stringContaining('Created admin ops@example.com'),
    });
    expect(created.stdout + created.stderr).not.toContain('a long passphrase');
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    try {
      expect((await store.readAll({ filter: { eventTypes: ['RoleGranted'] } })).length).toBe(1);
    } finally {
      await store.close();
    }
  });
});
