import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { freePort } from '@reflections/platform/net/ports';
import { openReadModels } from '@reflections/query/projections';
import { projectorLag } from '@reflections/query/projection-engine/projection-metrics';
import { QUERY_PROJECTORS } from '@reflections/query/start-projectors';
import { differencesFromRebuild } from '@reflections/query/testing/rebuild-comparison';
import pg from 'pg';
import { registration } from '@reflections/testing/backend-for-test';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const MEMBERS = 20;
const KILLED = ['command-1', 'query-1', 'ai-worker-1'];

type Member = { cookie: string };
type Write = { kind: 'journal' | 'post'; status: number; id: string | null; position: string | null; member: Member };

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * `npm run start:cluster` for real (PostgreSQL, nats-server, 2 command, 2 query, 3 AI
 * workers, the entry), 20 members writing journal entries (answered by RAI through the
 * workers) and forum posts through the entry; one command service, the query service
 * holding the projectors and one AI worker are SIGKILLed midway and the cluster starts
 * them again. Afterwards every write that got a 2xx is visible on the query side, every
 * journal entry has exactly one reply, no event is there twice, and every read model
 * equals a rebuild from the log.
 */
describe('the cluster when one process of each kind is killed under load', () => {
  let dataDir: string;
  let launcher: ChildProcess;
  let output = '';
  let entry = '';
  let databaseUrl = '';

  /** The pid each process last announced (`name url (pid N)`), and how many times it started. */
  const announced = () => {
    const seen = new Map<string, { pid: number; starts: number }>();
    for (const match of output.matchAll(/^([a-z0-9-]+) http:\/\/127\.0\.0\.1:\d+ \(pid (\d+)\)$/gm))
      seen.set(match[1], { pid: Number(match[2]), starts: (seen.get(match[1])?.starts ?? 0) + 1 });
    return seen;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chaos-'));
    fs.chmodSync(dataDir, 0o755);
    const port = await freePort();
    launcher = spawn(process.execPath, ['--import', 'tsx', 'infra/src/cluster/start-cluster.ts', '--workers', '3'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        AI_ACK_WAIT_MS: '2000',
        OPENAI_API_KEY: '',
        AI_REPLY_TIMEOUT_MS: '20000',
        READ_YOUR_WRITES_TIMEOUT_MS: '15000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (data: Buffer) => (output += data.toString()));
    launcher.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    for (let waited = 0; !/^entry http/m.test(output); waited += 200) {
      if (launcher.exitCode !== null || waited > 180_000) throw new Error(`the cluster did not start:\n${output}`);
      await sleep(200);
    }
    entry = `http://127.0.0.1:${port}`;
    const postgresPort = /^postgres postgres:\/\/127\.0\.0\.1:(\d+)/m.exec(output)![1];
    const { postgresPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'cluster', 'secrets.json'), 'utf8')) as {
      postgresPassword: string;
    };
    databaseUrl = `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${postgresPort}/reflections`;
  }, 200_000);

  afterAll(async () => {
    if (launcher && launcher.exitCode === null) {
      const exited = new Promise((resolve) => launcher.once('exit', resolve));
      launcher.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const post = async (route: string, body: unknown, cookie = '') => {
    try {
      return await fetch(`${entry}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    } catch {
      return null;
    }
  };

  it('keeps every acknowledged write, gives every journal entry one reply, duplicates nothing, and its read models equal a rebuild', async () => {
    const members: Member[] = [];
    while (members.length < MEMBERS) {
      const response = await post('/api/auth/register', registration());
      if (response?.status === 201) members.push({ cookie: cookieOf(response) });
    }
    const writes: Write[] = [];
    const round = (round: number) =>
      Promise.all(
        members.map(async (member, m) => {
          const journal = await post(
            '/api/ai/rai/process-journal',
            { journalEntry: `Member ${m}, round ${round}: a long shift, and I keep going over it.` },
            member.cookie,
          );
          writes.push({
            kind: 'journal',
            status: journal?.status ?? 0,
            id: journal?.ok ? ((await journal.json()) as { entryId: string }).entryId : null,
            position: null,
            member,
          });
          const created = await post(
            '/api/forum/posts',
            {
              title: `Chaos round ${round} from ${m}`,
              content: 'Twenty characters or more, as the Campfire board asks.',
              categoryId: (m % 4) + 1,
              isAnonymous: false,
            },
            member.cookie,
          );
          writes.push({
            kind: 'post',
            status: created?.status ?? 0,
            id: created?.ok ? ((await created.json()) as { id: string }).id : null,
            position: created?.headers.get('x-position') ?? null,
            member,
          });
        }),
      );

    await round(1);
    const before = announced();
    const killing = round(2);
    await sleep(300);
    for (const name of KILLED) process.kill(before.get(name)!.pid, 'SIGKILL');
    await killing;
    for (let waited = 0; KILLED.some((name) => (announced().get(name)?.starts ?? 0) < 2); waited += 200) {
      if (waited > 90_000) throw new Error(`not every killed process came back:\n${output.slice(-4000)}`);
      await sleep(200);
    }
    await round(3);

    const acknowledged = writes.filter((write) => write.status >= 200 && write.status < 300);
    // Through the encryption, as the services read it: a rebuild from raw rows would see sealed personal data.
    const store = await connectEventStore({ eventStoreUrl: null, databaseUrl });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      // Entries answered 503 while a worker was dead get their reply later (redelivery, or requeued by a restarted command service).
      const repliesByEntry = async () => {
        const counts = new Map<string, number>();
        for (const event of await store.readAll({ maxCount: 100_000, filter: { eventTypes: ['RaiReplyGenerated'] } })) {
          const { entryId } = event.data as { entryId: string };
          counts.set(entryId, (counts.get(entryId) ?? 0) + 1);
        }
        return counts;
      };
      const submitted = async () =>
        (await store.readAll({ maxCount: 100_000, filter: { eventTypes: ['JournalEntrySubmitted'] } })).map(
          (event) => (event.data as { entryId: string }).entryId,
        );
      for (let waited = 0; ; waited += 250) {
        const replies = await repliesByEntry();
        if ((await submitted()).every((entryId) => replies.has(entryId)) || waited > 60_000) break;
        await sleep(250);
      }
      const replies = await repliesByEntry();
      const entries = await submitted();

      const posts = acknowledged.filter((write) => write.kind === 'post');
      const reads = await Promise.all(
        posts.map(async (write) => {
          const read = await fetch(`${entry}/api/forum/posts/${write.id}`, {
            headers: { cookie: write.member.cookie, 'x-min-position': write.position ?? '' },
          });
          return { status: read.status, stale: read.headers.get('x-read-your-writes') };
        }),
      );
      const { rows } = await db.query<{ events: number; ids: number }>(
        'SELECT count(*)::int AS events, count(DISTINCT event_id)::int AS ids FROM es_events',
      );

      console.log(
        `chaos: ${members.length} members, ${writes.length} writes, ${acknowledged.length} acknowledged (${writes.filter((w) => w.status === 503).length} answered 503, ${writes.filter((w) => w.status === 0).length} cut off); ` +
          `${entries.length} journal entries, ${[...replies.values()].reduce((a, b) => a + b, 0)} replies; ${posts.length} posts read back; ${rows[0].events} events; killed ${KILLED.join(', ')} and all came back`,
      );
      expect(acknowledged.length).toBeGreaterThan(writes.length / 2);
      expect(reads.filter((read) => read.status !== 200 || read.stale !== null)).toEqual([]);
      expect(acknowledged.filter((write) => write.kind === 'journal' && replies.get(write.id!) !== 1)).toEqual([]);
      expect(entries.filter((entryId) => replies.get(entryId) !== 1)).toEqual([]);
      expect(rows[0].events).toBe(rows[0].ids);

      // Nothing is appended any more; each read model is rebuilt from the log and must equal what the replicas projected.
      const orm = await openReadModels(databaseUrl);
      try {
        const projectors = QUERY_PROJECTORS.map(({ projector }) => projector);
        for (
          let waited = 0;
          (await projectorLag(orm, store, projectors)).some((lag) => lag.events > 0) && waited < 30_000;
          waited += 250
        )
          await sleep(250);
        expect(await differencesFromRebuild(orm, store, projectors)).toEqual([]);
      } finally {
        await orm.close();
      }
    } finally {
      await db.end();
      await store.close();
    }
  }, 300_000);
});
