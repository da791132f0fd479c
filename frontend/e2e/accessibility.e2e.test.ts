import { MESSAGES } from '@reflections/contracts/identity';
import { source as AXE_SOURCE, type AxeResults, type RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { routes } from '../src/app/router';
import { signInAdmin, signUpMember } from './accounts';
import { ADMIN_TABS } from '../src/features/admin/admin-tabs';
import { screenshot, skipSplash, useHarness, type Harness } from './harness';
import { routePaths } from './route-paths';

jest.setTimeout(300_000);

/**
 * The accessibility gate: every screen of the route table, for a visitor, a member and an
 * admin, at a desktop and a 390 px phone width, in light and dark mode, plus the dialogs
 * below while open. Any critical or serious WCAG 2.1 A/AA violation fails, named by screen,
 * rule and element.
 */

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type ViewportName = keyof typeof VIEWPORTS;
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];
type Who = 'visitor' | 'member' | 'admin';

type DialogCheck = {
  readonly name: string;
  readonly who: Who;
  readonly path: string;
  readonly viewport: ViewportName;
  /** Opens the dialog; the check waits for a visible role=dialog after it. */
  readonly open: (page: Page) => Promise<unknown>;
};

const click = (name: string | RegExp) => (page: Page) => page.getByRole('button', { name }).click();

/** One line per dialog: where it lives, who sees it, how to open it. */
const DIALOGS: readonly DialogCheck[] = [
  { name: 'mobile menu', who: 'visitor', path: '/', viewport: 'phone', open: click('Open menu') },
  { name: 'leave the journey', who: 'visitor', path: '/journey', viewport: 'desktop', open: leaveMidJourney },
  { name: 'welcome popup', who: 'member', path: '/dashboard', viewport: 'phone', open: async () => undefined },
  { name: 'P.E.A.C.E. dialog', who: 'member', path: '/dashboard', viewport: 'desktop', open: openPeace },
  { name: 'forum new post', who: 'member', path: '/member/forum', viewport: 'phone', open: click('New Post') },
  {
    name: 'admin new booking',
    who: 'admin',
    path: '/admin?tab=events',
    viewport: 'desktop',
    open: click('New booking'),
  },
];

/** The welcome popup may be up first (it shows on every visit until dismissed for good). */
async function openPeace(page: Page) {
  const purpose = page.getByRole('button', { name: /Purpose/ });
  await page.getByRole('dialog').or(purpose).first().waitFor();
  const getStarted = page.getByRole('button', { name: 'Get Started' });
  if (await getStarted.isVisible()) await getStarted.click();
  await purpose.click();
}

async function leaveMidJourney(page: Page) {
  // Under reduced motion the intro is already typed.
  await page.getByLabel('First name').fill('Sam');
  await click('Continue')(page);
  await page.getByText('Step 2 of 19').waitFor();
  await page.getByRole('link', { name: 'Reflections home' }).click();
}

const EVERY_RULE: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};
/** Dark mode changes colours only, so in dark the colour rules are enough (and twice as fast). */
const COLOUR_RULES: RunOptions = {
  runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
  resultTypes: ['violations'],
};
const RULES_BY_SCHEME: Record<Scheme, RunOptions> = { light: EVERY_RULE, dark: COLOUR_RULES };
const BLOCKING = new Set(['critical', 'serious']);

const { harness: currentHarness } = useHarness();

/** A browser context past the splash, signed in as `who`. */
async function signedInContext(harness: Harness, who: Who): Promise<BrowserContext> {
  const context = await harness.browser.newContext({
    viewport: VIEWPORTS.desktop,
    reducedMotion: 'reduce',
    colorScheme: 'light',
  });
  await skipSplash(context);
  if (who === 'member') await signUpMember(context, harness);
  if (who === 'admin') await signInAdmin(context, harness);
  return context;
}

/** Waits until the screen has shown its heading, or its guard has turned the visitor away. */
async function settle(page: Page) {
  await page.waitForFunction(
    ([signedOut]) => document.querySelector('h1') !== null || document.body.innerText.includes(signedOut),
    [MESSAGES.signedOut],
  );
}

async function useScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((wanted) => getComputedStyle(document.documentElement).colorScheme === wanted, scheme);
}

/** Styles settle a frame after a switch (even a 0.01 ms transition starts from the old colour). */
async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function blockingViolations(page: Page, where: string, options: RunOptions): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as a <script> tag, which the app's CSP (no inline scripts) refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    options,
  );
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? violation.help}`,
      ),
    );
}

type Variant = { readonly viewport: ViewportName; readonly scheme: Scheme };

/**
 * The four variants in a ring where neighbours differ by one setting: each switch waits for
 * frames (a page's colours follow a scheme a frame after it, its layout a resize), which on a
 * busy runner take a few hundred milliseconds, so a screen walks the ring from where the last
 * one left the tab instead of switching back and forth.
 */
const RING: readonly Variant[] = [
  { viewport: 'desktop', scheme: 'light' },
  { viewport: 'desktop', scheme: 'dark' },
  { viewport: 'phone', scheme: 'dark' },
  { viewport: 'phone', scheme: 'light' },
];

async function switchTo(page: Page, from: Variant, to: Variant) {
  if (from.viewport !== to.viewport) await page.setViewportSize(VIEWPORTS[to.viewport]);
  if (from.scheme !== to.scheme) await useScheme(page, to.scheme);
  await nextFrames(page);
}

/** Checks the page at both widths and in both modes, starting where it stands; answers where it leaves it. */
async function checkEveryVariant(page: Page, label: string, current: Variant) {
  const found: string[] = [];
  const start = RING.findIndex((variant) => variant.viewport === current.viewport && variant.scheme === current.scheme);
  let at = current;
  for (let step = 0; step < RING.length; step++) {
    const next = RING[(start + step) % RING.length];
    await switchTo(page, at, next);
    at = next;
    found.push(...(await blockingViolations(page, `${label} ${at.viewport} ${at.scheme}`, RULES_BY_SCHEME[at.scheme])));
  }
  return { found, leftAt: at };
}

/** Tabs sharing the work: much of each check is waiting on the page rather than computing. */
const TABS = 2;

/** Visits each path as `who`; answers the violations and the paths that turned `who` away. */
async function checkPaths(context: BrowserContext, who: Who, paths: readonly string[]) {
  const violations: string[] = [];
  const turnedAway = new Set<string>();
  const queue = [...paths];
  const tab = async () => {
    const page = await context.newPage();
    // A tab keeps its size and colour scheme across navigations.
    let variant: Variant = RING[0];
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      await page.goto(`${currentHarness().url}${path}`, { waitUntil: 'domcontentloaded' });
      await settle(page);
      const refused =
        new URL(page.url()).pathname !== new URL(path, page.url()).pathname ||
        (await page.getByText(MESSAGES.signedOut, { exact: true }).isVisible());
      if (refused) turnedAway.add(path);
      else {
        const { found, leftAt } = await checkEveryVariant(page, `${who} ${path}`, variant);
        violations.push(...found);
        variant = leftAt;
      }
    }
  };
  await Promise.all(Array.from({ length: TABS }, tab));
  return { violations, turnedAway: paths.filter((path) => turnedAway.has(path)) };
}

describe('the accessibility gate', () => {
  it('finds no serious violation on any screen of the route table, for a visitor, a member and an admin', async () => {
    const harness = currentHarness();
    const paths = routePaths(routes);
    const violations: string[] = [];
    const openAs = async (who: Who, toCheck: readonly string[]) => {
      const context = await signedInContext(harness, who);
      try {
        const result = await checkPaths(context, who, toCheck);
        violations.push(...result.violations);
        return result.turnedAway;
      } finally {
        await context.close();
      }
    };

    const membersOnly = await openAs('visitor', paths);
    const adminsOnly = await openAs('member', membersOnly);
    // The admin panel's tabs are screens of their own, behind one route.
    const nobody = await openAs('admin', [...adminsOnly, ...ADMIN_TABS.slice(1).map((tab) => `/admin?tab=${tab.id}`)]);

    expect(paths.length).toBeGreaterThan(25);
    expect(nobody).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('finds no serious violation in an open dialog', async () => {
    const harness = currentHarness();
    const violations: string[] = [];
    const contexts = new Map<Who, BrowserContext>();
    try {
      for (const dialog of DIALOGS) {
        if (!contexts.has(dialog.who)) contexts.set(dialog.who, await signedInContext(harness, dialog.who));
        const page = await contexts.get(dialog.who)!.newPage();
        await page.setViewportSize(VIEWPORTS[dialog.viewport]);
        await page.goto(`${harness.url}${dialog.path}`, { waitUntil: 'domcontentloaded' });
        await settle(page);
        await dialog.open(page);
        await page
          .getByRole('dialog')
          .last()
          .waitFor({ timeout: 15_000 })
          .catch(() => violations.push(`${dialog.who} ${dialog.path} ${dialog.name}: the dialog did not open`));
        for (const scheme of SCHEMES) {
          if (scheme !== 'light') await useScheme(page, scheme);
          await nextFrames(page);
          violations.push(
            ...(await blockingViolations(
              page,
              `${dialog.who} ${dialog.path} ${dialog.name} ${dialog.viewport} ${scheme}`,
              RULES_BY_SCHEME[scheme],
            )),
          );
        }
        await screenshot(page, `dialog-${dialog.name.replaceAll(/[^a-z]+/gi, '-').toLowerCase()}-dark`);
        await page.close();
      }
    } finally {
      await Promise.all([...contexts.values()].map((context) => context.close()));
    }
    expect(violations).toEqual([]);
  });
});
