import type { Page } from 'playwright-core';
import { signUpMember } from './accounts';
import { screenshot, skipSplash, useHarness } from './harness';

jest.setTimeout(180_000);

const { harness: currentHarness, context: currentContext } = useHarness();

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const DRAFT = 'The worst night of the year, and I need to write it down.';

async function closeWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: /Welcome to Reflections/ });
  await welcome.waitFor();
  await page.getByRole('checkbox', { name: "Don't show this again" }).check();
  await page.getByRole('button', { name: 'Get Started' }).click();
  await welcome.waitFor({ state: 'detached' });
}

describe('a member session that ends', () => {
  it('takes the member to sign in once, back to the same screen with his draft, and other tabs follow a sign-out', async () => {
    const { url } = currentHarness();
    const context = currentContext();
    await skipSplash(context);
    const { email, password } = await signUpMember(context, currentHarness());

    // Enter on the page background of a signed-in screen stays put, and the conversation with RAI survives a reload.
    const page = await context.newPage();
    await page.goto(`${url}/dashboard`);
    await closeWelcome(page);
    const conversation = page.getByRole('list', { name: 'Conversation with RAI' });
    await page.getByLabel('Message RAI').fill('Some nights are harder than others.');
    await page.keyboard.press('Enter');
    await conversation.getByText('You', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'RAI replied' }).waitFor({ timeout: 30_000 });
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('Enter');
    await conversation.focus();
    await page.keyboard.press('Enter');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Sam', level: 1 }).waitFor();
    await conversation.getByText('Some nights are harder than others.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // The cookie goes while the journal is open with a draft: Get Guidance ends in sign-in, not a loop.
    await page.goto(`${url}/member/ai-journal`);
    await page.getByLabel('How are you feeling?').selectOption('sad');
    await page.getByLabel("What's on your mind?").fill(DRAFT);
    await context.clearCookies();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('button', { name: 'Get Guidance' }).click();
    await page.waitForURL((address) => address.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/member/ai-journal');
    await page.getByText(SESSION_ENDED).first().waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.keyboard.press('Enter');
    await page.waitForURL((address) => address.pathname === '/member/ai-journal');
    expect(await page.getByLabel("What's on your mind?").inputValue()).toBe(DRAFT);
    expect(visited.filter((path) => path === '/pre-journey' || path === '/dashboard')).toEqual([]);

    // A second tab on the dashboard follows when the first signs out.
    const other = await context.newPage();
    await other.goto(`${url}/dashboard`);
    await other.getByRole('heading', { name: 'Welcome, Sam', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sam' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((address) => address.pathname === '/');
    await other.waitForURL((address) => address.pathname === '/signin');
    await other.getByText(SESSION_ENDED).first().waitFor();
    expect(await other.getByRole('heading', { name: 'Welcome, Sam' }).count()).toBe(0);
  });

  it('saves every member screen in the member shell, light and dark, at 1280 and 390 px', async () => {
    const { url } = currentHarness();
    const context = currentContext();
    await skipSplash(context);
    await signUpMember(context, currentHarness());
    const page = await context.newPage();
    await page.goto(`${url}/dashboard`);
    await closeWelcome(page);
    const screens = { dashboard: '/dashboard', journal: '/member/ai-journal', reflections: '/member/reflections', 'ai-test': '/ai-test', circles: '/member/forum', responders: '/digital-campfire-forum' };
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const [name, path] of Object.entries(screens)) {
          await page.goto(`${url}${path}`);
          await page.getByRole('navigation', { name: 'Member' }).waitFor();
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          // Each load fades the app in: the picture waits for the fade to end.
          await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSAnimation) || animation.animationName !== 'app-fade-in' || animation.playState === 'finished'));
          // One row on a phone: the bar is no taller than its own height.
          if (width === 390) expect((await page.getByRole('navigation', { name: 'Member' }).boundingBox())?.height).toBeLessThanOrEqual(64);
          await screenshot(page, `member-shell-${name}-${width}-${scheme}`);
        }
      }
    }
  });
});
