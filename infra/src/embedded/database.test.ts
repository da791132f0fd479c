import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readConfig } from '@reflections/platform/config';
import { freePort } from '@reflections/platform/net/ports';
import { startServiceProcess } from '@reflections/testing/service-process';
import { holdDataDir, otherAppOn } from './app-lock';
import { openDatabase } from './database';
import { runningPostgres, stopRunningPostgres } from './postgres';
import { isProcessAlive } from './process-alive';

const selectOne = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT 1 AS one')).rows[0].one;
  } finally {
    await client.end();
  }
};

describe('the app lock on a data folder', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-lock-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('names another live app, not this process and not one that has exited', () => {
    expect(otherAppOn(dataDir)).toBeNull();
    const release = holdDataDir(dataDir);
    expect(otherAppOn(dataDir)).toBeNull();
    fs.writeFileSync(path.join(dataDir, 'app.pid'), `${process.ppid}\n`);
    expect(otherAppOn(dataDir)).toBe(process.ppid);
    // Released by this process, another app's mark stays.
    release();
    expect(otherAppOn(dataDir)).toBe(process.ppid);
    fs.writeFileSync(path.join(dataDir, 'app.pid'), '2147483646\n');
    expect(otherAppOn(dataDir)).toBeNull();
  });
});

describe('a PostgreSQL left running by an app that was killed outright', () => {
  let dataDir: string;
  let config: ReturnType<typeof readConfig>;
  let postgresPid: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'left-behind-'));
    // As a DATA_DIR npm start makes: PostgreSQL runs as its own user when we are root.
    fs.chmodSync(dataDir, 0o755);
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_POSTGRES_PORT: String(await freePort()) };
    config = readConfig(env);
    const app = await startServiceProcess('infra/src/embedded/app-database.fixture.ts', env, /ready: PostgreSQL \d+/);
    postgresPid = Number(/ready: PostgreSQL (\d+)/.exec(app.output())![1]);
    await app.kill();
  }, 120_000);

  afterAll(async () => {
    await stopRunningPostgres(postgresPid);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps running after the app is gone, and a tool uses it without stopping it', async () => {
    expect(isProcessAlive(postgresPid)).toBe(true);
    const database = await openDatabase(config);
    expect(await selectOne(database.url)).toBe(1);
    await database.stop();
    expect(isProcessAlive(postgresPid)).toBe(true);
  });

  it('is not stopped by an app while another app runs on the same folder', async () => {
    fs.writeFileSync(path.join(dataDir, 'app.pid'), `${process.ppid}\n`);
    const database = await openDatabase(config, { forApp: true });
    expect(await selectOne(database.url)).toBe(1);
    await database.stop();
    expect(isProcessAlive(postgresPid)).toBe(true);
    expect(otherAppOn(dataDir)).toBe(process.ppid);
  });

  it('is used by the next app and stopped when that app stops', async () => {
    fs.rmSync(path.join(dataDir, 'app.pid'));
    const database = await openDatabase(config, { forApp: true });
    expect(await selectOne(database.url)).toBe(1);
    expect(otherAppOn(dataDir)).toBeNull();
    expect(fs.readFileSync(path.join(dataDir, 'app.pid'), 'utf8').trim()).toBe(String(process.pid));
    await database.stop();
    expect(isProcessAlive(postgresPid)).toBe(false);
    expect(runningPostgres(path.join(dataDir, 'postgres'))).toBeNull();
    expect(fs.existsSync(path.join(dataDir, 'app.pid'))).toBe(false);
  });
});
