import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { signInMemberWithoutAnswers, signUpMember } from './accounts';
import { screenshot, skipSplash, useHarness } from './harness';
import { journeyProgressFill } from './journey-progress';

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
    const screens = {
      dashboard: '/dashboard',
      journal: '/member/ai-journal',
      reflections: '/member/reflections',
      'ai-test': '/ai-test',
      circles: '/member/forum',
      responders: '/digital-campfire-forum',
    };
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const [name, path] of Object.entries(screens)) {
          await page.goto(`${url}${path}`);
          await page.getByRole('navigation', { name: 'Member' }).waitFor();
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          // Each load fades the app in: the picture waits for the fade to end.
          await page.waitForFunction(() =>
            document
              .getAnimations()
              .every(
                (animation) =>
                  !(animation instanceof CSSAnimation) ||
                  animation.animationName !== 'app-fade-in' ||
                  animation.playState === 'finished',
              ),
          );
          // One row on a phone: the bar is no taller than its own height.
          if (width === 390)
            expect((await page.getByRole('navigation', { name: 'Member' }).boundingBox())?.height).toBeLessThanOrEqual(
              64,
            );
          await screenshot(page, `member-shell-${name}-${width}-${scheme}`);
        }
      }
    }
  });
});

describe('a member registered without journey answers', () => {
  it('completes them from the dashboard at /member/journey and comes back to the dashboard', async () => {
    const { url } = currentHarness();
    const context = currentContext();
    await skipSplash(context);
    await signInMemberWithoutAnswers(context, currentHarness());
    const page = await context.newPage();
    await page.goto(`${url}/dashboard`);
    await closeWelcome(page);
    await page.getByRole('heading', { name: 'Complete Your Journey' }).waitFor();
    await page.getByRole('link', { name: 'Begin the Journey' }).click();
    await page.waitForURL((address) => address.pathname === '/member/journey');

    for (const [index, question] of JOURNEY_QUESTIONS.entries()) {
      await page.getByRole('heading', { name: question.question }).waitFor();
      await page.getByText(`Step ${index + 1} of ${JOURNEY_QUESTIONS.length}`).waitFor();
      if (question.kind === 'text')
        await page.getByRole('textbox', { name: question.question }).fill(`Some honest words about ${question.field}.`);
      else if (question.kind === 'multiple')
        await page.getByRole('checkbox', { name: question.choices[0].label, exact: true }).check();
      else await page.getByRole('radio', { name: question.choices[1].label, exact: true }).check();
      const last = index === JOURNEY_QUESTIONS.length - 1;
      if (last) {
        expect(await journeyProgressFill(page)).toBeGreaterThan(0.99);
        await screenshot(page, 'member-journey-last-step');
      }
      await page.getByRole('button', { name: last ? 'Save my answers' : 'Next' }).click();
    }

    await page.waitForURL((address) => address.pathname === '/dashboard');
    await page.getByText('Your journey is complete').waitFor();
    await page.getByRole('heading', { name: 'Welcome, Kai', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Complete Your Journey' }).count()).toBe(0);
  });
});

/** A URL-like string of 5,000 characters with no place to break it. */
const UNBROKEN = `https://example.com/${'a1b2c3d4e5'.repeat(498)}`;

async function expectNoSideways(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(`${where}: ${width} px wide`).toBe(`${where}: ${Math.min(width, 390)} px wide`);
}

async function expectOnScreen(locator: Locator, where: string) {
  await locator.waitFor();
  const box = await locator.boundingBox();
  expect({ where, left: box && box.x >= 0, right: box && box.x + box.width <= 390 }).toEqual({
    where,
    left: true,
    right: true,
  });
}

/** Creates a post on a board through the API and waits until the query side has it. */
async function postWithUnbrokenWords(
  context: BrowserContext,
  board: { categoryId: number } | { category: string },
): Promise<string> {
  const { url } = currentHarness();
  const created = await context.request.post(`${url}/api/forum/posts`, {
    data: { title: 'A link I keep coming back to', content: UNBROKEN, isAnonymous: false, ...board },
  });
  if (!created.ok()) throw new Error(`posting answered ${created.status()}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if ((await context.request.get(`${url}/api/forum/posts/${id}`)).ok()) return id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`post ${id} never reached the query side`);
}

describe('long unbroken text on a phone', () => {
  it('wraps on the journal, the chat, the story, both post pages and settings, and keeps their buttons on screen', async () => {
    const { url } = currentHarness();
    const context = await currentHarness().browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      await skipSplash(context);
      await signUpMember(context, currentHarness());
      const page = await context.newPage();

      await page.goto(`${url}/member/ai-journal`);
      await page.getByLabel('How are you feeling?').selectOption('hopeful');
      await page.getByLabel("What's on your mind?").fill(UNBROKEN);
      await expectOnScreen(page.getByRole('button', { name: 'Get Guidance' }), 'journal');
      await expectNoSideways(page, 'journal, written');
      await page.getByRole('button', { name: 'Get Guidance' }).click();
      await page.getByRole('button', { name: 'New Reflection' }).waitFor({ timeout: 30_000 });
      await expectNoSideways(page, 'journal, answered');
      await screenshot(page, 'long-text-journal-390');

      await page.goto(`${url}/dashboard`);
      await closeWelcome(page);
      await page.getByLabel('Message RAI').fill(UNBROKEN);
      await expectOnScreen(page.getByRole('button', { name: 'Send message' }), 'chat');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByRole('status').filter({ hasText: 'RAI replied' }).waitFor({ timeout: 30_000 });
      await expectNoSideways(page, 'chat');
      await screenshot(page, 'long-text-chat-390');

      await page.getByRole('button', { name: 'Start Your Story' }).click();
      await page.getByText(/^Step 1 of/).waitFor();
      await page.getByRole('region', { name: 'Five Minute Story' }).getByRole('textbox').fill(UNBROKEN);
      await expectOnScreen(
        page.getByRole('region', { name: 'Five Minute Story' }).getByRole('button', { name: 'Next' }),
        'story',
      );
      await expectNoSideways(page, 'story');

      const campfire = await postWithUnbrokenWords(context, { categoryId: 1 });
      await page.goto(`${url}/member/forum/posts/${campfire}`);
      await page.getByRole('heading', { name: 'A link I keep coming back to' }).waitFor();
      await expectNoSideways(page, 'Campfire post');
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      await page.getByLabel('Your reply').fill(UNBROKEN.slice(0, 5000));
      await expectOnScreen(page.getByRole('button', { name: 'Post Reply' }), 'Campfire reply');
      await page.getByRole('button', { name: 'Post Reply' }).click();
      await page.getByText('Your reply has been posted successfully!').waitFor();
      await page.getByRole('heading', { name: 'Replies (1)' }).waitFor();
      await expectNoSideways(page, 'Campfire post with its reply');
      await screenshot(page, 'long-text-campfire-post-390');

      const responder = await postWithUnbrokenWords(context, { category: 'general' });
      await page.goto(`${url}/digital-campfire-forum/posts/${responder}`);
      await page.getByRole('heading', { name: 'A link I keep coming back to' }).waitFor();
      await page.getByLabel('Write a reply').fill(UNBROKEN.slice(0, 5000));
      await expectOnScreen(page.getByRole('button', { name: 'Reply', exact: true }), 'first-responder reply');
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      await page.getByRole('list', { name: 'Replies' }).getByText(UNBROKEN.slice(0, 40)).waitFor();
      await expectNoSideways(page, 'first-responder post with its reply');
      await screenshot(page, 'long-text-responder-post-390');

      await page.goto(`${url}/member/settings`);
      await page.getByLabel('First name').fill(UNBROKEN);
      await expectOnScreen(page.getByRole('button', { name: 'Save name' }), 'settings');
      await page.getByRole('button', { name: 'Save name' }).click();
      await expectNoSideways(page, 'settings');
      await screenshot(page, 'long-text-settings-390');
    } finally {
      await context.close();
    }
  });
});
