import { STORY_STEPS } from '@reflections/contracts/story';
import { PEACE_SECTIONS } from '@reflections/contracts/peace';
import { registration } from '@reflections/testing/backend-for-test';
import type { Page } from 'playwright-core';
import { openTab, screenshot, settledPageWidth, useHarness } from './harness';

jest.setTimeout(180_000);

const { harness: currentHarness, context: currentContext } = useHarness();

async function tellTheStory(page: Page) {
  await page.getByRole('button', { name: 'Start Your Story' }).click();
  for (let step = 1; step <= STORY_STEPS; step++) {
    await page.getByText(`Step ${step} of ${STORY_STEPS}`).waitFor();
    // The prompts are RAI's (or the written ones when RAI is slow): the answer box is the story's one text box.
    await page
      .getByRole('region', { name: 'Five Minute Story' })
      .getByRole('textbox')
      .fill(`An honest answer to step ${step}.`);
    if (step === 3) await screenshot(page, 'member-story-step');
    await page.getByRole('button', { name: step === STORY_STEPS ? 'Complete Story' : 'Next' }).click();
  }
  await page.getByText('Your story is complete').waitFor();
}

async function answerPurpose(page: Page) {
  const purpose = page.getByRole('button', { name: /^Purpose/ });
  await expectText(purpose, '0 of 3 answered');
  await purpose.click();
  const dialog = page.getByRole('dialog', { name: 'Purpose' });
  await dialog.getByLabel(PEACE_SECTIONS[0].prompts[0]).fill('Showing up for my kids.');
  await screenshot(page, 'member-peace-dialog');
  await dialog.getByRole('button', { name: 'Save Response' }).click();
  await page.getByText('Your reflection has been added to your profile.').waitFor();
  await dialog.getByText('Question 2 of 3').waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expectText(purpose, '1 of 3 answered');
}

async function expectText(locator: ReturnType<Page['getByRole']>, text: string) {
  await locator.filter({ hasText: text }).waitFor();
}

describe('the member area', () => {
  it('takes a new member through the welcome, the story, P.E.A.C.E., a guided reflection, the stats and a chat with RAI', async () => {
    const { url } = currentHarness();
    const context = currentContext();
    const registered = await context.request.post(`${url}/api/auth/register`, {
      data: registration({ firstName: 'Sam' }),
    });
    expect(registered.status()).toBe(201);

    const page = await openTab(context, `${url}/dashboard`);
    const welcome = page.getByRole('dialog', { name: 'Welcome to Reflections, Sam' });
    await welcome.waitFor();
    await screenshot(page, 'member-welcome');
    await page.getByRole('checkbox', { name: "Don't show this again" }).check();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await welcome.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Sam', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Five Minute Story' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'member-dashboard');

    await tellTheStory(page);
    await screenshot(page, 'member-story-completed');
    await answerPurpose(page);

    await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Reflect', exact: true }).click();
    await page.waitForURL('**/member/ai-journal');
    await page.getByLabel('How are you feeling?').selectOption('hopeful');
    await page.getByLabel("What's on your mind?").fill('A long week, but I finally called my brother.');
    await page.getByRole('button', { name: 'Get Guidance' }).click();
    await page.getByRole('heading', { name: "RAI's Guidance" }).waitFor({ timeout: 30_000 });
    // The guidance streams in; New Reflection comes once it is whole.
    await page.getByRole('button', { name: 'New Reflection' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'member-journal-guidance');
    await page.getByRole('button', { name: 'New Reflection' }).click();
    expect(await page.getByLabel("What's on your mind?").inputValue()).toBe('');
    await screenshot(page, 'member-journal');

    await page.goto(`${url}/dashboard`);
    const total = page.getByRole('region', { name: 'Total Reflections' });
    await total.getByText('1 reflection', { exact: true }).waitFor();

    const conversation = page.getByRole('list', { name: 'Conversation with RAI' });
    await page.getByLabel('Message RAI').fill('Some nights are harder than others.');
    await page.keyboard.press('Enter');
    await conversation.getByText('Some nights are harder than others.').waitFor();
    await conversation.getByRole('listitem').nth(2).filter({ hasText: 'RAI' }).waitFor({ timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: 'RAI replied' }).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Message RAI').inputValue()).toBe('');
    await screenshot(page, 'member-chat');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Welcome, Sam', level: 1 }).waitFor();
    expect(await settledPageWidth(page, 390)).toBeLessThanOrEqual(390);
    await screenshot(page, 'member-dashboard-phone');

    await page.goto(`${url}/member/reflections`);
    await page.getByText('A long week, but I finally called my brother.').waitFor();
    await screenshot(page, 'member-reflections');
  });
});
