import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { launchEmbedded } from '../embedded/launch';
import { ensureDatabase, postgresUrl, type RunningPostgres } from '../embedded/postgres';
import { runBenchPart } from './run-bench-part';
import { printTable } from './bench-report';

/**
 * `npm run bench`, front door: a new visitor's first load of / in Chromium on an emulated
 * network with a cold cache, beside the floor: a static 1 KB page from the same server
 * under the same conditions.
 */
const LOADS = Number(process.env.BENCH_FRONT_DOOR_LOADS) || 3;
const DIST = process.env.BENCH_FRONT_DOOR_DIST ?? path.resolve(__dirname, '..', '..', '..', 'frontend', 'dist');
const SPLASH_OVER_FLOOR_MS = 150;
const USABLE_AFTER_SPLASH_MS = 3300;

type Network = { name: string; latencyMs: number; downMbps: number; upMbps: number };

// Chrome DevTools' presets of the same figures ("Fast 4G" and "Slow 4G", formerly "Fast 3G").
const NETWORKS: Network[] = [
  { name: 'slow 4G (9 Mbps, 170 ms RTT)', latencyMs: 170, downMbps: 9, upMbps: 1.5 },
  { name: 'fast 3G (1.6 Mbps, 560 ms RTT)', latencyMs: 560, downMbps: 1.6, upMbps: 0.75 },
];

type Load = { paintMs: number; usableMs: number | null; bytes: number };

const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head><body><h1>Reflections</h1><p>${'A static page of one kilobyte, the floor of this measurement. '.repeat(14)}</p></body></html>`;

/** The few DOM shapes HOME_USABLE reads (this package's TypeScript has no DOM library). */
type PageElement = { textContent: string | null; getBoundingClientRect(): { width: number; top: number } };
type PageGlobals = {
  document: { querySelectorAll(selector: string): Iterable<PageElement> };
  innerHeight: number;
};

/**
 * In the page, every frame: the splash has gone and 'Start Your Reflection' is on screen (then
 * the time, else false). A function, not a string: the site's Content-Security-Policy forbids
 * eval, and Playwright evaluates a string predicate with it.
 */
function HOME_USABLE(): number | false {
  const page = globalThis as unknown as PageGlobals;
  const splash = [...page.document.querySelectorAll('[role="presentation"]')].some((element) =>
    (element.textContent ?? '').includes('REFLECTIONS'),
  );
  const start = [...page.document.querySelectorAll('a, button')].find(
    (element) => (element.textContent ?? '').trim() === 'Start Your Reflection',
  );
  const box = start?.getBoundingClientRect();
  return !splash && box !== undefined && box.width > 0 && box.top < page.innerHeight && performance.now();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One cold load: a fresh context (no cache, no connections), the network emulated before the first byte. */
async function load(browser: Browser, url: string, network: Network, waitForHome: boolean): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latencyMs,
      downloadThroughput: (network.downMbps * 1_000_000) / 8,
      uploadThroughput: (network.upMbps * 1_000_000) / 8,
    });
    let bytes = 0;
    let counting = true;
    cdp.on('Network.loadingFinished', (event) => {
      if (counting) bytes += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'commit' });
    const paintMs = await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      undefined,
      { timeout: 60_000 },
    );
    let usableMs: number | null = null;
    if (waitForHome) {
      const usable = await page.waitForFunction(HOME_USABLE, undefined, { polling: 'raf', timeout: 60_000 });
      usableMs = (await usable.jsonValue()) as number;
    }
    counting = false;
    return { paintMs: (await paintMs.jsonValue()) as number, usableMs, bytes };
  } finally {
    await context.close();
  }
}

/** Measures on `server` (a running PostgreSQL for the app's own needs), in `workDir`. */
export async function frontDoorBench(server: RunningPostgres, workDir: string): Promise<void> {
  if (!fs.existsSync(path.join(DIST, 'index.html')))
    throw new Error(`${DIST} has no index.html: run \`npm run build --workspace frontend\` first`);
  const site = path.join(workDir, 'site');
  fs.mkdirSync(workDir, { recursive: true });
  fs.cpSync(DIST, site, { recursive: true });
  fs.writeFileSync(path.join(site, 'floor.html'), FLOOR_PAGE);
  await ensureDatabase(postgresUrl(server, 'postgres'), 'front_door');
  const app = await launchEmbedded({
    dataDir: path.join(workDir, 'app'),
    port: 0,
    databaseUrl: postgresUrl(server, 'front_door'),
    distDir: site,
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const rows = [
    [
      'network',
      'floor paint',
      'splash paint',
      'splash − floor',
      'home usable',
      'usable − splash',
      'bytes (floor / home)',
    ],
  ];
  const verdicts: string[] = [];
  try {
    // Warm-up, unmeasured: the server's first answers and Chromium's first renderer.
    await load(browser, `${app.url}/`, { name: 'warm-up', latencyMs: 0, downMbps: 1000, upMbps: 1000 }, true);
    for (const network of NETWORKS) {
      const floors: Load[] = [];
      const homes: Load[] = [];
      for (let i = 0; i < LOADS; i++) {
        floors.push(await load(browser, `${app.url}/floor.html`, network, false));
        homes.push(await load(browser, `${app.url}/`, network, true));
      }
      const floor = median(floors.map((l) => l.paintMs));
      const splash = median(homes.map((l) => l.paintMs));
      const usable = median(homes.map((l) => l.usableMs ?? Number.NaN));
      const afterSplash = median(homes.map((l) => (l.usableMs ?? Number.NaN) - l.paintMs));
      rows.push([
        network.name,
        `${floor.toFixed(0)} ms`,
        `${splash.toFixed(0)} ms`,
        `${(splash - floor).toFixed(0)} ms (≤ ${SPLASH_OVER_FLOOR_MS})`,
        `${usable.toFixed(0)} ms`,
        `${afterSplash.toFixed(0)} ms (≤ ${USABLE_AFTER_SPLASH_MS})`,
        `${(median(floors.map((l) => l.bytes)) / 1024).toFixed(1)} KB / ${(median(homes.map((l) => l.bytes)) / 1024).toFixed(1)} KB`,
      ]);
      verdicts.push(
        `${network.name}: splash ${splash - floor <= SPLASH_OVER_FLOOR_MS ? 'meets' : 'misses'} its target, home ${afterSplash <= USABLE_AFTER_SPLASH_MS ? 'meets' : 'misses'} its target`,
      );
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  console.log(
    `\nFront door: a cold load of / in Chromium, median of ${LOADS}; the floor is a static 1 KB page from the same server\n`,
  );
  printTable(rows);
  verdicts.forEach((verdict) => console.log(verdict));
}

// Run alone: `node --import tsx infra/src/bench/front-door-bench.ts` (BENCH_FRONT_DOOR_DIST measures another build).
if (require.main === module) runBenchPart('front-door', frontDoorBench);
