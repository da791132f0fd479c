import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import type { Page } from 'playwright-core';
import { openTab, screenshot, useHarness } from './harness';
import { journeyProgressFill } from './journey-progress';

jest.setTimeout(180_000);

const { harness: currentHarness, context: currentContext } = useHarness();

/** Steps 2 to 16, answered as a person would: a click on a card, or a few words typed. */
async function answerQuestions(page: Page) {
  for (const question of JOURNEY_QUESTIONS) {
    await page.getByRole('heading', { name: question.question }).waitFor();
    if (question.kind === 'text') {
      await page.getByRole('textbox', { name: question.question }).fill(`Some honest words about ${question.field}.`);
    } else if (question.kind === 'multiple') {
      await page.getByRole('checkbox', { name: question.choices[0].label, exact: true }).check();
      await page.getByRole('checkbox', { name: question.choices[2].label, exact: true }).check();
      await screenshot(page, 'journey-step');
    } else {
      await page.getByRole('radio', { name: question.choices[1].label, exact: true }).check();
    }
    await page.getByRole('button', { name: 'Next' }).click();
  }
}

describe('a new visitor', () => {
  it('takes the journey, lands on the dashboard, signs out and signs back in', async () => {
    const email = `sam-${Date.now()}@example.com`;
    const page = await openTab(currentContext(), currentHarness().url);
    await screenshot(page, 'home');

    await page.keyboard.press('Enter');
    await page.waitForURL('**/pre-journey');
    await page.getByRole('link', { name: 'No, this is my first time' }).waitFor();
    await screenshot(page, 'pre-journey');
    await page.getByRole('link', { name: 'No, this is my first time' }).click();
    await page.waitForURL('**/journey');

    // The intro types its three lines first.
    await page.getByLabel('First name').fill('Sam');
    await screenshot(page, 'journey-name');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 2 of 19').waitFor();
    await answerQuestions(page);

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill('campfire-42');
    await page.keyboard.press('Enter');
    await page.getByText('Step 19 of 19').waitFor();
    expect(await journeyProgressFill(page)).toBeGreaterThan(0.99);
    await screenshot(page, 'journey-terms');
    await page.getByRole('checkbox', { name: 'I have read and accept the terms and disclaimer' }).check();
    await page.getByRole('button', { name: 'Create my account' }).click();

    await page.waitForURL('**/dashboard');
    // The first-visit welcome sits over the dashboard until it is closed.
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Welcome, Sam' }).waitFor();
    await page.getByText('Account Created').waitFor();
    await screenshot(page, 'dashboard');

    await page.getByRole('button', { name: 'Sam' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The home page, drawn (its title is set once it is on screen): Enter on a signed-in screen means nothing.
    await page.waitForFunction(() => document.title.startsWith('Home'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pre-journey');
    await page.getByRole('link', { name: "Yes, I'm returning" }).click();
    await page.waitForURL('**/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('campfire-42');
    await page.keyboard.press('Enter');

    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Welcome, Sam' }).waitFor();
    await page.getByText('Welcome back!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});

describe('on a phone', () => {
  it('fits the journey into a narrow screen', async () => {
    const phone = await currentHarness().browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await openTab(phone, `${currentHarness().url}/journey`);
      await page.getByRole('button', { name: 'Skip intro' }).tap();
      await page.getByLabel('First name').fill('Sam');
      await page.getByRole('button', { name: 'Continue' }).tap();
      await page.getByRole('radio', { name: 'Male', exact: true }).check();
      await screenshot(page, 'journey-step-phone');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    } finally {
      await phone.close();
    }
  });
});
