import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import type { BrowserContext, Page } from 'playwright-core';
import { signUpMember } from './accounts';
import { screenshot, skipSplash, useHarness } from './harness';

jest.setTimeout(120_000);

const { harness: currentHarness, context: currentContext } = useHarness();

/** A tab past the splash; reduced motion when the test is not about motion (typed text appears at once). */
async function tab(context: BrowserContext, path: string): Promise<Page> {
  await skipSplash(context);
  const page = await context.newPage();
  await page.goto(`${currentHarness().url}${path}`);
  return page;
}

async function calmContext() {
  return currentHarness().browser.newContext({ reducedMotion: 'reduce' });
}

/** readyState and currentTime of the page's one video, a second apart. */
async function playback(page: Page) {
  const video = page.locator('video');
  await video.waitFor({ state: 'attached' });
  await page.waitForFunction(
    () => (document.querySelector('video')?.readyState ?? 0) >= HTMLMediaElement.HAVE_FUTURE_DATA,
    undefined,
    { timeout: 15_000 },
  );
  const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await page.waitForTimeout(1000);
  const after = await video.evaluate((element: HTMLVideoElement) => ({
    time: element.currentTime,
    source: element.currentSrc,
    paused: element.paused,
  }));
  return { before, ...after };
}

describe('the hero videos', () => {
  it('play on the home page and the campfire landing, from real clips; a missing media file is a 404', async () => {
    const logged: string[] = [];
    const page = await tab(currentContext(), '/');
    page.on('console', (message) => logged.push(message.text()));
    const home = await playback(page);
    expect(home.source).toMatch(/\/media\/home-hero\.(webm|mp4)$/);
    expect(home.paused).toBe(false);
    expect(home.time).toBeGreaterThan(home.before);
    await screenshot(page, 'home-hero-video');

    await page.goto(`${currentHarness().url}/connect`);
    const campfire = await playback(page);
    expect(campfire.source).toMatch(/\/media\/campfire\.(webm|mp4)$/);
    expect(campfire.time).toBeGreaterThan(campfire.before);
    await screenshot(page, 'campfire-video');
    expect(logged.filter((line) => line.includes('Background video failed'))).toEqual([]);

    for (const [path, type] of [
      ['/media/home-hero.webm', 'video/webm'],
      ['/media/campfire.mp4', 'video/mp4'],
      ['/media/home-hero-poster.jpg', 'image/jpeg'],
    ]) {
      const response = await page.request.get(`${currentHarness().url}${path}`);
      expect([path, response.status(), response.headers()['content-type']]).toEqual([path, 200, type]);
    }
    const missing = await page.request.get(`${currentHarness().url}/media/no-such-clip.mp4`);
    expect(missing.status()).toBe(404);
  });
});

describe('the journey', () => {
  it('comes back at step 10 with its answers after a reload, and asks before a link leads away', async () => {
    const context = await calmContext();
    try {
      const page = await tab(context, '/journey');
      await page.getByLabel('First name').fill('Sam');
      await page.getByRole('button', { name: 'Continue' }).click();
      // Steps 2 to 9: the first eight questions.
      for (const question of JOURNEY_QUESTIONS.slice(0, 8)) {
        await page.getByRole('heading', { name: question.question }).waitFor();
        if (question.kind === 'text')
          await page.getByRole('textbox', { name: question.question }).fill(`Words about ${question.field}.`);
        else
          await page
            .getByRole(question.kind === 'multiple' ? 'checkbox' : 'radio', {
              name: question.choices[1].label,
              exact: true,
            })
            .check();
        await page.getByRole('button', { name: 'Next' }).click();
      }
      await page.getByText('Step 10 of 19').waitFor();

      await page.reload();
      await page.getByText('Step 10 of 19').waitFor();
      await screenshot(page, 'journey-restored-step-10');
      await page.getByRole('button', { name: 'Back' }).click();
      const ninth = JOURNEY_QUESTIONS[7];
      const answer =
        ninth.kind === 'text'
          ? page.getByRole('textbox', { name: ninth.question })
          : page.getByRole(ninth.kind === 'multiple' ? 'checkbox' : 'radio', {
              name: ninth.choices[1].label,
              exact: true,
            });
      if (ninth.kind === 'text') expect(await answer.inputValue()).toBe(`Words about ${ninth.field}.`);
      else expect(await answer.isChecked()).toBe(true);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Breathe' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave your journey?' });
      await dialog.waitFor();
      await screenshot(page, 'journey-leave-warning');
      await dialog.getByRole('button', { name: 'Stay on the journey' }).click();
      expect(new URL(page.url()).pathname).toBe('/journey');
    } finally {
      await context.close();
    }
  });
});

describe('navigation', () => {
  it('titles each screen and puts focus on its heading after choosing it with the keyboard', async () => {
    const context = await calmContext();
    try {
      const page = await tab(context, '/about');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.title()).toBe('About · Reflections');

      const breathe = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Breathe' });
      await breathe.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/breathe');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await page.title()).toBe('Breathe · Reflections');
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      expect(focused).toBe(await page.getByRole('heading', { level: 1 }).textContent());
      await page.getByRole('status').filter({ hasText: 'Breathe · Reflections' }).waitFor({ state: 'attached' });
    } finally {
      await context.close();
    }
  });

  it('opens a new page at the top, even after a scrolled page in the same tab', async () => {
    const context = await calmContext();
    try {
      const page = await tab(context, '/contact');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.mouse.wheel(0, 700);
      await page.waitForFunction(() => window.scrollY > 300);
      await page.goto(`${currentHarness().url}/about`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
      await page.waitForURL('**/contact');
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('scrolls a hash link to its target once, smoothly, leaving 100 px for the bar', async () => {
    const context = currentContext();
    await context.addInitScript(() => {
      const seen: number[] = [];
      Object.assign(window, { scrollsSeen: seen });
      window.addEventListener('scroll', () => seen.push(Math.round(window.scrollY)), { passive: true });
    });
    const page = await tab(context, '/experience#coaching');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => (window as unknown as { scrollsSeen: number[] }).scrollsSeen.length > 0);
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(() => (window as unknown as { scrollsSeen: number[] }).scrollsSeen);
    const target = await page.evaluate(() =>
      Math.round(document.getElementById('coaching')!.getBoundingClientRect().top + window.scrollY - 100),
    );
    await screenshot(page, 'experience-hash-coaching');
    // One movement: every position on the way is further down than the last, and it ends at the target.
    expect(seen.every((y, i) => i === 0 || y >= seen[i - 1])).toBe(true);
    expect(Math.abs(seen[seen.length - 1] - target)).toBeLessThanOrEqual(2);
    expect(seen.length).toBeGreaterThan(1);
  });
});

describe('a signed-in member', () => {
  it('is sent on from /signin to the dashboard', async () => {
    const context = await calmContext();
    try {
      await signUpMember(context, currentHarness());
      const page = await tab(context, '/signin');
      await page.waitForURL('**/dashboard');
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
