// TEMPORARY probe (issue 29 fourth pass): where an app request after an idle gap spends its time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import OpenAI from 'openai';
import { ensureJobQueue } from '@reflections/ai-client/job-queue';
import { startNatsServer } from '@reflections/testing/nats-server';
import { freePort } from '@reflections/platform/net/ports';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';
import { registration } from '@reflections/testing/backend-for-test';
import { type ServiceProcess, startServiceProcess } from '@reflections/testing/service-process';
import { runAlone } from './run-alone';

const now = () => performance.timeOrigin + performance.now();
const modelAnswer = JSON.stringify({
  response: 'Thanks for writing that down. It sounds like a long week. What helped you get through it?',
  mood: 'overwhelmed',
  insights: ['You kept going.'],
});
const FIRST_PIECE = '{"response":"Thanks for ';
const modelPieces = [FIRST_PIECE, ...(modelAnswer.slice(FIRST_PIECE.length).match(/.{1,6}/gs) ?? [])];
const WORKERS = Number(process.env.PROBE_WORKERS ?? 4);
const SAMPLES = Number(process.env.PROBE_SAMPLES ?? 30);
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 3);
const MODES = (process.env.PROBE_MODES ?? 'afterApp,afterAnchor,sleep200,sleep1000').split(',');

async function probe(postgres: RunningPostgres, dir: string) {
  const trace = path.join(dir, 'hops.txt');
  fs.writeFileSync(trace, '');
  fs.chmodSync(dir, 0o755);
  const fakeProcess = await startServiceProcess(
    'infra/src/bench/fake-openai-process.ts',
    { FAKE_OPENAI_PIECES: JSON.stringify(modelPieces), FAKE_OPENAI_STREAM_MS: '200' },
    /listening at \S+\/v1/,
  );
  const baseURL = /listening at (\S+\/v1)/.exec(fakeProcess.output())![1];
  const nats = await startNatsServer();
  await ensureDatabase(postgresUrl(postgres, 'postgres'), 'ai_probe');
  const nc = await connect({ servers: nats.url });
  await ensureJobQueue(await jetstreamManager(nc));
  const env = {
    DATABASE_URL: postgresUrl(postgres, 'ai_probe'),
    NATS_URL: nats.url,
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: baseURL,
    OPENAI_MODEL: 'bench-model',
    EVENTSTORE_URL: '',
    RAI_HOP_TRACE: process.env.PROBE_NO_TRACE ? '' : trace,
    ...(process.env.PROBE_ENV ? JSON.parse(process.env.PROBE_ENV) : {}),
  };
  const processes: ServiceProcess[] = [];
  try {
    for (let i = 0; i < WORKERS; i++)
      processes.push(await startServiceProcess('infra/src/processes/ai-worker-main.ts', env, /consuming/));
    const [commandPort, commandPortB, queryPort] = [await freePort(), await freePort(), await freePort()];
    const services = { ...env, SESSION_SECRET: 'ai-bench-secret' };
    processes.push(
      ...(await Promise.all([
        startServiceProcess('infra/src/processes/query-main.ts', { ...services, PORT: String(queryPort) }, /listening/),
        startServiceProcess(
          'infra/src/processes/command-main.ts',
          { ...services, PORT: String(commandPort), PROBE_RATE_LIMIT_SYNC: '1' },
          /listening/,
        ),
        startServiceProcess('infra/src/processes/command-main.ts', { ...services, PORT: String(commandPortB) }, /listening/),
      ])),
    );
    const urls = { A: `http://127.0.0.1:${commandPort}`, B: `http://127.0.0.1:${commandPortB}` };
    const appUrl = urls.A;
    const registered = await fetch(`${appUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration()),
    });
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const client = new OpenAI({ apiKey: 'bench', baseURL });
    const anchor = async () => {
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
    const app = async (i: number, variant: 'A' | 'B' = 'A') => {
      const t0 = now();
      const started = performance.now();
      const response = await fetch(`${urls[variant]}/api/ai/rai/process-journal/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ journalEntry: `Entry ${i}: a long week at work.` }),
      });
      const reader = response.body!.getReader();
      let text = '';
      let first: number | null = null;
      let firstAt = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += Buffer.from(value).toString();
        if (first === null && /^event: ?chunk$/m.test(text)) {
          first = performance.now() - started;
          firstAt = now();
        }
      }
      const entryId = /"entryId":"([^"]+)"/.exec(text)![1];
      return { entryId, t0, firstAt, first: first! };
    };
    // warm up
    for (let i = 0; i < 20; i++) {
      await app(i, i % 2 ? 'A' : 'B');
      await anchor();
    }
    await sleep(2000);
    const samples: { mode: string; entryId: string; t0: number; firstAt: number; first: number; anchor?: number }[] = [];
    for (let round = 0; round < ROUNDS; round++)
      for (const mode of MODES) {
        for (let i = 0; i < SAMPLES + 3; i++) {
          let anchorMs: number | undefined;
          if (mode === 'afterAnchor') anchorMs = await anchor();
          else if (mode.startsWith('sleep')) await sleep(Number(mode.slice(5)));
          const variant = i % 2 ? 'A' : 'B';
          const s = await app(i, variant);
          if (i >= 3) samples.push({ mode: `${mode}/${variant}`, ...s, anchor: anchorMs });
        }
      }
    await sleep(500);
    const hops = new Map<string, Map<string, number>>();
    for (const line of fs.readFileSync(trace, 'utf8').split('\n')) {
      const [key, name, at] = line.split(' ');
      if (!name) continue;
      const m = hops.get(key) ?? new Map<string, number>();
      if (!m.has(name)) m.set(name, Number(at));
      hops.set(key, m);
    }
    const order = [
      'cmdStart',
      'rateLimit',
      'handler',
      'appended',
      'publish',
      'workerGot',
      'modelAsk',
      'modelHeaders',
      'modelDelta',
      'localDone',
      'moderationDone',
      'crisisDone',
      'modelWords',
      'chunkPublished',
      'pubAck',
      'chunkIn',
      'chunkEarly',
      'streamOpened',
      'chunkSent',
    ];
    const med = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length ? s[Math.floor(s.length / 2)] : NaN;
    };
    const p90 = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length ? s[Math.floor(s.length * 0.9)] : NaN;
    };
    console.log(`load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const mode of MODES.flatMap((m) => [`${m}/A`, `${m}/B`])) {
      const mine = samples.filter((s) => s.mode === mode);
      const first = mine.map((s) => s.first);
      const anchors = mine.filter((s) => s.anchor !== undefined).map((s) => s.anchor!);
      console.log(
        `\n${mode}: n=${mine.length} first chunk p50 ${med(first).toFixed(1)} p90 ${p90(first).toFixed(1)}${anchors.length ? ` anchor p50 ${med(anchors).toFixed(1)}` : ''}`,
      );
      // each hop relative to t0 (median), and step from the previous present hop
      let previous = 't0';
      const rows: string[] = [];
      for (const name of [...order, 'clientFirst']) {
        const rel = mine
          .map((s) => {
            const m = hops.get(s.entryId);
            const at = name === 'clientFirst' ? s.firstAt : m?.get(name);
            return at === undefined ? NaN : at - s.t0;
          })
          .filter((x) => !Number.isNaN(x));
        if (rel.length === 0) continue;
        const steps = mine
          .map((s) => {
            const m = hops.get(s.entryId);
            const at = name === 'clientFirst' ? s.firstAt : m?.get(name);
            const before = previous === 't0' ? s.t0 : m?.get(previous);
            return at === undefined || before === undefined ? NaN : at - before;
          })
          .filter((x) => !Number.isNaN(x));
        rows.push(
          `  ${name.padEnd(15)} at p50 ${med(rel).toFixed(2).padStart(7)}  step from ${previous.padEnd(14)} p50 ${med(steps).toFixed(2).padStart(6)} p90 ${p90(steps).toFixed(2).padStart(6)} (n=${rel.length})`,
        );
        previous = name;
      }
      console.log(rows.join('\n'));
    }
    if (process.env.PROBE_DUMP) fs.copyFileSync(trace, process.env.PROBE_DUMP);
    if (process.env.PROBE_SAMPLES_OUT) fs.writeFileSync(process.env.PROBE_SAMPLES_OUT, JSON.stringify(samples));
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await nc.drain();
    await nats.stop();
    await fakeProcess.stop();
  }
}

if (require.main === module) runAlone('ai-probe', probe);
