import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import OpenAI from 'openai';
import { natsAiJobClient } from '@reflections/ai-client/nats-ai-job-client';
import { ensureJobQueue } from '@reflections/ai-client/job-queue';
import { startNatsServer } from '@reflections/testing/nats-server';
import { AI_JOB_KINDS } from '@reflections/contracts/rai';
import { freePort } from '@reflections/platform/net/ports';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';
import { registration } from '@reflections/testing/backend-for-test';
import { type ServiceProcess, startServiceProcess } from '@reflections/testing/service-process';
import { runBenchPart } from './run-bench-part';
import { percentile, printTable } from './bench-report';

/** 960 jobs are 30 rounds of 4 workers' 32 slots: ramp-up and tail do not dominate the figure. */
const JOBS = Number(process.env.BENCH_AI_JOBS) || 960;
const LATENCY_SAMPLES = Number(process.env.BENCH_AI_SAMPLES) || 100;
/** The command service's path, the one with a target, is measured in 3 rounds as the bench's other figures are. */
const LATENCY_ROUNDS = Number(process.env.BENCH_AI_ROUNDS) || 3;
const STREAM_MS = 200;

/** CPU time (ms) a process has used so far, from /proc (Linux); 0 elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU time (ms) the whole machine has spent busy so far (every core, from /proc/stat); 0 elsewhere. */
function machineBusyMs(): number {
  try {
    const [user, nice, system, , , irq, softirq, steal] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return 0;
  }
}

const modelAnswer = JSON.stringify({
  response: 'Thanks for writing that down. It sounds like a long week. What helped you get through it?',
  mood: 'overwhelmed',
  insights: ['You kept going.'],
});
/** The first piece already holds the start of the reply's text, so both measurements time the same first words. */
const FIRST_PIECE = '{"response":"Thanks for ';
const modelPieces = [FIRST_PIECE, ...(modelAnswer.slice(FIRST_PIECE.length).match(/.{1,6}/gs) ?? [])];

/**
 * Jobs per second through NATS: `jobs` process-journal jobs at once, answered by whatever
 * workers are running, asked for as the command service asks for a new entry's plain
 * JSON reply (a new job id, nobody listening to the pieces).
 */
async function jobsPerSecond(client: ReturnType<typeof natsAiJobClient>, jobs: number): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: jobs }, () => {
      const entryId = randomUUID();
      const userId = randomUUID();
      return client.request(
        AI_JOB_KINDS.processJournal,
        { entryId, userId, journalEntry: 'A long week at work, I feel worn down.', prompt: null, mood: null },
        { jobId: entryId, requestedBy: userId, correlationId: 'bench', newJobId: true },
      );
    }),
  );
  return jobs / ((performance.now() - started) / 1000);
}

/**
 * Time from a member's POST to the first chunk in the event stream, through the command
 * service, NATS and a worker; each sample beside one of the anchor (the openai client asking
 * the fake model directly), taken in turns, so both see the same moment of a noisy machine.
 */
async function requestToFirstChunk(
  appUrl: string,
  samples: number,
  anchor: () => Promise<number>,
): Promise<{ path: number[]; anchor: number[] }> {
  const registered = await fetch(`${appUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registration()),
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const throughApp = async (i: number) => {
    const started = performance.now();
    const response = await fetch(`${appUrl}/api/ai/rai/process-journal/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ journalEntry: `Entry ${i}: a long week at work.` }),
    });
    const reader = response.body!.getReader();
    let text = '';
    let first: number | null = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
      if (first === null && /^event: ?chunk$/m.test(text)) first = performance.now() - started;
    }
    if (first === null) throw new Error(`no chunk streamed: ${text.slice(0, 300)}`);
    return first;
  };
  const times = { path: [] as number[], anchor: [] as number[] };
  for (let i = 0; i < samples + 5; i++) {
    // Which goes first alternates, so neither always follows the other's work.
    let path: number;
    let direct: number;
    if (i % 2 === 0) {
      path = await throughApp(i);
      direct = await anchor();
    } else {
      direct = await anchor();
      path = await throughApp(i);
    }
    if (i < 5) continue;
    times.path.push(path);
    times.anchor.push(direct);
  }
  return { path: times.path.sort((a, b) => a - b), anchor: times.anchor.sort((a, b) => a - b) };
}

type Deployment = { url: string; processes: ServiceProcess[] };

/** The distributed mode: the command and query services as processes of their own, beside the worker processes. */
async function distributedServices(env: Record<string, string>): Promise<Deployment> {
  const [commandPort, queryPort] = [await freePort(), await freePort()];
  const services = { ...env, SESSION_SECRET: 'ai-bench-secret' };
  const processes = await Promise.all([
    startServiceProcess('infra/src/processes/query-main.ts', { ...services, PORT: String(queryPort) }, /listening/),
    startServiceProcess('infra/src/processes/command-main.ts', { ...services, PORT: String(commandPort) }, /listening/),
  ]);
  return { url: `http://127.0.0.1:${commandPort}`, processes };
}

/** `npm start` with NATS_URL: command, query and one worker in one process, beside the worker processes. */
async function embeddedApp(env: Record<string, string>, dataDir: string): Promise<Deployment> {
  const app = await startServiceProcess(
    'infra/src/embedded/start.ts',
    { ...env, DATA_DIR: dataDir, PORT: '0' },
    /running at http:\S+/,
  );
  return { url: /running at (http:\S+)/.exec(app.output())![1], processes: [app] };
}

/** Waits until the deployment's processes are idle (the projections have caught up with the log), then measures it and stops it. */
async function latencyThrough(
  starting: Promise<Deployment>,
  samples: number,
  rounds: number,
  anchor: () => Promise<number>,
): Promise<{ rounds: { path: number[]; anchor: number[] }[]; cpuPerRequest: number[] }> {
  const deployment = await starting;
  try {
    const cpu = () => deployment.processes.reduce((sum, p) => sum + cpuMs(p.process.pid), 0);
    for (let before = cpu(), idle = 0; idle < 2;) {
      await sleep(500);
      const now = cpu();
      idle = now - before < 50 ? idle + 1 : 0;
      before = now;
    }
    const before = deployment.processes.map((p) => cpuMs(p.process.pid));
    const measured: { path: number[]; anchor: number[] }[] = [];
    for (let round = 0; round < rounds; round++)
      measured.push(await requestToFirstChunk(deployment.url, samples, anchor));
    // Each request is a whole streamed reply: its events are projected by the query side too.
    return {
      rounds: measured,
      cpuPerRequest: deployment.processes.map((p, i) => (cpuMs(p.process.pid) - before[i]) / (rounds * (samples + 6))),
    };
  } finally {
    await Promise.all(deployment.processes.map((p) => p.stop()));
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms).toFixed(1)} ms`;

/**
 * p50 and p99 of a path and what each adds to the same percentile of its anchor, taken in the
 * same round: the median round's, with every round's added time beside it.
 */
function latencyRows(
  label: string,
  rounds: readonly { path: number[]; anchor: number[] }[],
  target: string,
): string[][] {
  return [50, 99].map((p) => {
    const added = rounds.map((round) => percentile(round.path, p) - percentile(round.anchor, p));
    const perRound = rounds.length > 1 ? ` (rounds: ${added.map(signed).join(', ')})` : '';
    return [
      `${label}, p${p}`,
      `${median(rounds.map((round) => percentile(round.path, p))).toFixed(1)} ms`,
      `${signed(median(added))}${p === 99 ? target : ''}${perRound}`,
    ];
  });
}

/** The anchor: the openai client asking the same fake server directly, time to its first content chunk. */
function openAiFirstChunk(baseURL: string): () => Promise<number> {
  const client = new OpenAI({ apiKey: 'bench', baseURL });
  return async () => {
    const started = performance.now();
    const stream = await client.chat.completions.create({
      model: 'bench',
      stream: true,
      messages: [{ role: 'user', content: 'hello' }],
    });
    let first: number | null = null;
    for await (const chunk of stream)
      if (first === null && chunk.choices[0]?.delta.content) first = performance.now() - started;
    return first!;
  };
}

/**
 * `npm run bench`, AI part: against a local OpenAI-compatible server that streams each
 * answer over 200 ms, AI jobs per second through NATS with 1, 2 and 4 worker processes;
 * and request-to-first-chunk through the whole path beside the openai client's own
 * first chunk from the same server.
 */
export async function aiBench(postgres: RunningPostgres, dataDir: string): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const fakeProcess = await startServiceProcess(
    'infra/src/bench/fake-openai-process.ts',
    { FAKE_OPENAI_PIECES: JSON.stringify(modelPieces), FAKE_OPENAI_STREAM_MS: String(STREAM_MS) },
    /listening at \S+\/v1/,
  );
  const fake = { baseURL: /listening at (\S+\/v1)/.exec(fakeProcess.output())![1], stop: fakeProcess.stop };
  const nats = await startNatsServer();
  await ensureDatabase(postgresUrl(postgres, 'postgres'), 'ai_bench');
  const databaseUrl = postgresUrl(postgres, 'ai_bench');
  const nc = await connect({ servers: nats.url });
  await ensureJobQueue(await jetstreamManager(nc));
  const client = natsAiJobClient(nc, { timeoutMs: 120_000 });
  const env = {
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MODEL: 'bench-model',
    EVENTSTORE_URL: '',
  };
  const workers: ServiceProcess[] = [];
  try {
    const rates: Record<number, number> = {};
    const workerCpuPerJob: Record<number, number> = {};
    /** Cores the whole machine kept busy during the run (workers, PostgreSQL, nats-server, fake model, load generator, anything else running). */
    const machineCores: Record<number, number> = {};
    /** CPU per job by who spent it, in the 4-worker run. */
    let split = { workers: 0, fake: 0, load: 0, rest: 0 };
    for (const count of [1, 2, 4]) {
      while (workers.length < count)
        workers.push(await startServiceProcess('infra/src/processes/ai-worker-main.ts', env, /consuming/));
      await jobsPerSecond(client, 40);
      const cpuBefore = workers.reduce((sum, w) => sum + cpuMs(w.process.pid), 0);
      const [machineBefore, fakeBefore, loadBefore] = [
        machineBusyMs(),
        cpuMs(fakeProcess.process.pid),
        cpuMs(process.pid),
      ];
      rates[count] = await jobsPerSecond(client, JOBS);
      workerCpuPerJob[count] = (workers.reduce((sum, w) => sum + cpuMs(w.process.pid), 0) - cpuBefore) / JOBS;
      const machine = machineBusyMs() - machineBefore;
      machineCores[count] = machine / ((JOBS / rates[count]) * 1000);
      const [fakeCpu, loadCpu] = [cpuMs(fakeProcess.process.pid) - fakeBefore, cpuMs(process.pid) - loadBefore];
      split = {
        workers: workerCpuPerJob[count],
        fake: fakeCpu / JOBS,
        load: loadCpu / JOBS,
        rest: (machine - fakeCpu - loadCpu) / JOBS - workerCpuPerJob[count],
      };
    }
    // The member's browser is not in the server's process: each deployment runs in processes of its own.
    const direct = openAiFirstChunk(fake.baseURL);
    const {
      rounds: distributed,
      cpuPerRequest: [queryCpu, commandCpu],
    } = await latencyThrough(distributedServices(env), LATENCY_SAMPLES, LATENCY_ROUNDS, direct);
    const {
      rounds: embedded,
      cpuPerRequest: [embeddedCpu],
    } = await latencyThrough(embeddedApp(env, dataDir), LATENCY_SAMPLES, 1, direct);
    const anchorP = (p: number) => median(distributed.map((round) => percentile(round.anchor, p)));
    const rows = [
      ['AI jobs/s through NATS, 1 worker process (anchor)', rates[1].toFixed(1), ''],
      [
        'AI jobs/s through NATS, 2 worker processes',
        rates[2].toFixed(1),
        `${(rates[2] / rates[1]).toFixed(2)}× 1 worker`,
      ],
      [
        'AI jobs/s through NATS, 4 worker processes',
        rates[4].toFixed(1),
        `${(rates[4] / rates[1]).toFixed(2)}× 1 worker (target ≥ 3.5×)`,
      ],
      [
        'worker CPU per job (1 worker)',
        `${workerCpuPerJob[1].toFixed(1)} ms`,
        `so ${os.cpus().length} cores cap the workers near ${Math.round((os.cpus().length * 1000) / Math.max(workerCpuPerJob[1], 0.1))} jobs/s`,
      ],
      [
        'worker CPU per job (4 workers)',
        `${workerCpuPerJob[4].toFixed(1)} ms`,
        `${((workerCpuPerJob[4] * rates[4]) / 1000).toFixed(2)} cores for the workers at ${rates[4].toFixed(0)} jobs/s`,
      ],
      [
        'machine CPU per job, 4 workers',
        `${(split.workers + split.fake + split.load + split.rest).toFixed(1)} ms`,
        `workers ${split.workers.toFixed(1)}, fake model ${split.fake.toFixed(1)}, load generator ${split.load.toFixed(1)}, PostgreSQL + nats-server + anything else running ${split.rest.toFixed(1)}`,
      ],
      [
        'machine busy during the 1 / 4 worker runs',
        `${machineCores[1].toFixed(2)} / ${machineCores[4].toFixed(2)} cores`,
        `of ${os.cpus().length}`,
      ],
      ['first chunk, openai client direct, p50 (anchor)', `${anchorP(50).toFixed(1)} ms`, ''],
      ['first chunk, openai client direct, p99 (anchor)', `${anchorP(99).toFixed(1)} ms`, ''],
      ...latencyRows('request → first chunk in the browser stream, command service', distributed, ' (target ≤ +30 ms)'),
      ...latencyRows('request → first chunk, `npm start` with NATS_URL (1 round)', embedded, ''),
      [
        'server CPU per streamed request: command service / query service',
        `${commandCpu.toFixed(1)} / ${queryCpu.toFixed(1)} ms`,
        `\`npm start\` (both in one process): ${embeddedCpu.toFixed(1)} ms`,
      ],
    ];
    console.log(
      `\nAI worker (fake OpenAI-compatible server streaming each answer over ${STREAM_MS} ms; ${JOBS} jobs per run, ${LATENCY_SAMPLES} streamed requests a round, each beside one to the model directly; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after, on ${os.cpus().length} cores)\n`,
    );
    printTable([['metric', 'measured', 'beside the anchor'], ...rows]);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await client.close();
    await nc.drain();
    await nats.stop();
    await fake.stop();
  }
}

if (require.main === module) runBenchPart('ai', aiBench);
