import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { liftRateLimits } from '@reflections/command/plumbing/rate-limits';
import { freePort } from '@reflections/platform/net/ports';
import { registration } from '@reflections/testing/backend-for-test';
import { percentile, printTable } from './bench-report';

const ROOT = path.resolve(__dirname, '..', '..', '..');

type Mode = { name: string; script: string; args: string[]; ready: RegExp };
type Figures = {
  writesPerSecond: number;
  writeP99: number;
  readsPerSecond: number;
  readP99: number;
  raiPerSecond: number;
  raiP99: number;
};

/** Starts a launcher (npm start's or start:cluster's) on a fresh data folder; resolves once it serves. */
async function launch(mode: Mode, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mode.script, ...mode.args], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      OPENAI_API_KEY: '',
      SCRYPT_LOG_N: '10',
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      if (mode.ready.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${mode.name} exited (${code}):\n${output.slice(-3000)}`)));
  });
  return child;
}

/** Each member in turn for `seconds`: closed loop, one request at a time per member. */
async function closedLoop(members: number, seconds: number, request: (member: number, i: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: members }, async (_, member) => {
      for (let i = 0; Date.now() < end; i++) {
        const started = performance.now();
        if (await request(member, i)) latencies.push(performance.now() - started);
        else failed += 1;
      }
    }),
  );
  return { perSecond: latencies.length / seconds, p99: percentile(latencies, 99), failed };
}

async function measure(url: string, members: number, seconds: number): Promise<Figures> {
  const cookies = await Promise.all(
    Array.from({ length: members }, async () => {
      const response = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration()),
      });
      if (response.status !== 201)
        throw new Error(`registration answered ${response.status}: ${await response.text()}`);
      return response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }),
  );
  const post = (member: number, route: string, body: unknown) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies[member] },
      body: JSON.stringify(body),
    }).then(async (r) => (await r.arrayBuffer(), r.ok));
  const writes = await closedLoop(members, seconds, (member, i) =>
    post(member, '/api/forum/posts', {
      title: `Bench post ${member}-${i}`,
      content: 'Twenty characters or more, as the Campfire board asks.',
      categoryId: (i % 4) + 1,
      isAnonymous: false,
    }),
  );
  const reads = await closedLoop(members, seconds, (member) =>
    fetch(`${url}/api/forum/posts`, { headers: { cookie: cookies[member] } }).then(
      async (r) => (await r.arrayBuffer(), r.ok),
    ),
  );
  const rai = await closedLoop(members, seconds, (member, i) =>
    post(member, '/api/ai/rai/process-journal', { journalEntry: `Entry ${i}: a long week at work, I feel worn down.` }),
  );
  const failed = writes.failed + reads.failed + rai.failed;
  if (failed > 0) console.warn(`${failed} requests failed`);
  return {
    writesPerSecond: writes.perSecond,
    writeP99: writes.p99,
    readsPerSecond: reads.perSecond,
    readP99: reads.p99,
    raiPerSecond: rai.perSecond,
    raiP99: rai.p99,
  };
}

/**
 * The same load through `npm start` (one process, the AI worker in-process) and through
 * `npm run start:cluster` (2 command, 2 query, N workers behind the Node entry), side by
 * side: forum posts (writes), the post list (reads) and RAI journal entries (the offline
 * responder), each member one request at a time.
 *
 *   node --import tsx infra/src/bench/cluster-bench.ts [--members 16] [--seconds 5] [--workers 2]
 */
async function main() {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '16' },
      seconds: { type: 'string', default: '5' },
      workers: { type: 'string', default: '2' },
    },
  });
  // As the test run does (infra/test/backend-env.js): the launchers inherit the lifted limits.
  liftRateLimits();
  const modes: Mode[] = [
    { name: 'npm start', script: 'infra/src/embedded/start.ts', args: [], ready: /is running at/ },
    {
      name: `start:cluster (${values.workers} workers)`,
      script: 'infra/src/cluster/start-cluster.ts',
      args: ['--workers', values.workers],
      ready: /^entry http/m,
    },
  ];
  const rows: string[][] = [
    ['mode', 'posts/s', 'post p99 ms', 'list reads/s', 'read p99 ms', 'RAI entries/s', 'RAI p99 ms'],
  ];
  for (const mode of modes) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-bench-'));
    fs.chmodSync(dataDir, 0o755);
    const port = await freePort();
    const child = await launch(mode, port, dataDir);
    try {
      const f = await measure(`http://127.0.0.1:${port}`, Number(values.members), Number(values.seconds));
      rows.push([
        mode.name,
        f.writesPerSecond.toFixed(0),
        f.writeP99.toFixed(0),
        f.readsPerSecond.toFixed(0),
        f.readP99.toFixed(0),
        f.raiPerSecond.toFixed(1),
        f.raiP99.toFixed(0),
      ]);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\n${values.members} members, ${values.seconds} s per column, on ${os.cpus().length} cores:\n`);
  printTable(rows);
}

main().catch((error: unknown) => {
  console.error('cluster bench failed:', error);
  process.exit(1);
});
