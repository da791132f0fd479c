import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchEmbedded } from '@reflections/infra/embedded/launch';
import { liftRateLimits } from '@reflections/command/plumbing/rate-limits';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const DIST = path.resolve(__dirname, '..', 'dist', 'index.html');
const SCREENSHOTS = path.resolve(__dirname, '..', 'e2e-screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Harness = {
  readonly url: string;
  readonly databaseUrl: string;
  readonly browser: Browser;
  readonly stop: () => Promise<void>;
};

/** The app as `npm start` runs it, on its own database, and a headless Chromium to drive it. */
export async function startHarness(): Promise<Harness> {
  if (!fs.existsSync(DIST)) throw new Error('frontend/dist is missing: run `npm run build --workspace frontend` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflections-e2e-'));
  const databaseUrl = await createTestDatabase();
  // The suites sign up and sign in many members from one address; the limits have tests of their own.
  liftRateLimits();
  const app = await launchEmbedded({ dataDir, port: 0, databaseUrl });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    url: app.url,
    databaseUrl,
    browser,
    stop: async () => {
      await browser.close();
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `pathname` in a new tab of `context` and waits out the splash (REFLECTIONS, about 3 s),
 * which shows once per tab and keeps the page inert while it is up.
 */
export async function openTab(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  // Case-sensitive: a dialog saying 'Welcome to Reflections' is a presentation role too.
  const splash = page.locator('[role="presentation"]').filter({ hasText: /REFLECTIONS/ });
  await splash.waitFor({ state: 'visible' });
  await splash.waitFor({ state: 'detached', timeout: 10_000 });
  return page;
}

/** Every new tab of `context` starts past the splash, for tests about the screens behind it. */
export async function skipSplash(context: BrowserContext) {
  await context.addInitScript(() => window.sessionStorage.setItem('reflections.splash-seen', '1'));
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The number of events of one type in the event store (the PostgreSQL adapter's table). */
/**
 * The page's width once its layout has answered a resize: screens pick their phone layout from
 * media queries on the render after it, so the width is read when it fits `fits` or after 5 s.
 */
export async function settledPageWidth(page: Page, fits: number): Promise<number> {
  await page
    .waitForFunction((limit) => document.documentElement.scrollWidth <= limit, fits, { timeout: 5_000 })
    .catch(() => undefined);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

export async function countEvents(databaseUrl: string, eventType: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>('SELECT count(*) FROM es_events WHERE event_type = $1', [
      eventType,
    ]);
    return Number(result.rows[0].count);
  } finally {
    await client.end();
  }
}

/**
 * Registers the jest hooks every end-to-end file needs: one app and browser for the
 * file, a fresh browser context (cookies, storage) for each test.
 */
export function useHarness(): { harness: () => Harness; context: () => BrowserContext } {
  let harness: Harness;
  let context: BrowserContext;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });
  beforeEach(async () => {
    context = await harness.browser.newContext();
  });
  afterEach(async () => {
    await context.close();
  });
  return { harness: () => harness, context: () => context };
}
