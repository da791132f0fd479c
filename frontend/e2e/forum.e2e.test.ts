import { createAdmin } from '@reflections/command/auth/create-admin';
import { registration } from '@reflections/testing/backend-for-test';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import type { BrowserContext, Page } from 'playwright-core';
import { openTab, screenshot, settledPageWidth, useHarness } from './harness';

jest.setTimeout(120_000);

const { harness: currentHarness } = useHarness();

type Member = { readonly context: BrowserContext; readonly page: Page };

/** Signs a member in through the API and hands the session cookie to a fresh browser context. */
async function signedIn(
  path: '/api/auth/register' | '/api/auth/login',
  body: object,
  pathname: string,
): Promise<Member> {
  const { url, browser } = currentHarness();
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  const context = await browser.newContext();
  const cookies = response.headers.getSetCookie().map((header) => {
    const [pair] = header.split(';');
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), url };
  });
  await context.addCookies(cookies);
  return { context, page: await openTab(context, `${url}${pathname}`) };
}

const member = (firstName: string, pathname: string) =>
  signedIn('/api/auth/register', registration({ firstName }), pathname);

async function admin(pathname: string): Promise<Member> {
  const email = `admin-${Date.now()}@example.com`;
  const password = 'a long admin passphrase';
  const store = await PostgresEventStore.connect({ connectionString: currentHarness().databaseUrl });
  try {
    await createAdmin(store, { email, password, firstName: 'Ada' });
  } finally {
    await store.close();
  }
  return signedIn('/api/auth/login', { email, password }, pathname);
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

const TITLE = 'Carrying it alone for too long';
const REPLY = 'You are not alone in this, brother. Thank you for saying it.';

describe('the Digital Campfire forum', () => {
  const opened: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((context) => context.close()));
  });
  const keep = (m: Member) => (opened.push(m.context), m);

  it('keeps an anonymous Campfire post anonymous, tells readers of the board of it live, and carries a reply back to its author', async () => {
    // Issue 26: Alex reads the board while Sam posts; the new post waits behind a banner.
    const alex = keep(await member('Alex', '/member/forum'));
    await alex.page.getByRole('heading', { name: 'Recent Discussions' }).waitFor();
    const sam = keep(await member('Samuel', '/member/forum'));
    await sam.page.getByRole('heading', { name: 'Recent Discussions' }).waitFor();
    await sam.page.getByRole('button', { name: 'New Post' }).click();
    await sam.page.getByRole('button', { name: 'Create Post' }).click();
    await sam.page.getByText('Title must be at least 5 characters').waitFor();
    await sam.page.getByLabel('Title').fill(TITLE);
    await sam.page.getByLabel('Category').selectOption({ label: 'Brotherhood' });
    await sam.page.getByLabel('Share your thoughts').fill('I have not told anyone how heavy this year has been.');
    await sam.page.getByLabel('Post anonymously').check();
    await screenshot(sam.page, 'forum-b-new-post');
    await sam.page.getByRole('button', { name: 'Create Post' }).click();
    await sam.page.getByText('Your post has been created successfully!').waitFor();
    await card(sam.page, TITLE).waitFor();
    await screenshot(sam.page, 'forum-b-list');

    await alex.page.getByRole('button', { name: '1 new post' }).click();
    const seen = card(alex.page, TITLE);
    await seen.waitFor();
    expect(await seen.textContent()).toContain('Anonymous');
    expect(await seen.textContent()).not.toContain('Samuel');
    await seen.getByRole('button').first().click();
    await alex.page.getByRole('button', { name: 'Back to Forum' }).waitFor();
    await alex.page.getByText('No replies yet. Be the first to share your thoughts!').waitFor();
    await alex.page.getByRole('button', { name: 'Reply', exact: true }).click();
    await alex.page.getByLabel('Your reply').fill(REPLY);
    await alex.page.getByRole('button', { name: 'Post Reply' }).click();
    await alex.page.getByText('Your reply has been posted successfully!').waitFor();
    await alex.page.getByText(REPLY).waitFor();
    await alex.page.getByRole('heading', { name: 'Replies (1)' }).waitFor();
    await screenshot(alex.page, 'forum-b-detail');

    // Issue 26: the bell in Sam's member bar counts the reply without a reload, and opens the post.
    await sam.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await screenshot(sam.page, 'forum-notifications');
    await sam.page.getByRole('menuitem', { name: /Alex replied to your post/ }).click();
    await sam.page.getByText(REPLY).waitFor();
    await sam.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await sam.page.getByRole('list', { name: 'Replies' }).textContent()).toContain('Alex');
  });

  it('shows a first-responder post under its topic and not on the Campfire board', async () => {
    const jo = keep(await member('Jo', '/digital-campfire-forum'));
    await jo.page.getByText('First Responders Only').waitFor();
    await jo.page.getByRole('button', { name: 'New Discussion' }).click();
    const post = jo.page.getByRole('button', { name: 'Post', exact: true });
    expect(await post.isDisabled()).toBe(true);
    await jo.page.getByLabel('Title').fill('Sleeping after nights');
    await jo.page.getByLabel('Topic', { exact: true }).selectOption({ label: 'Sleep Disorders' });
    await jo.page
      .getByLabel("What's on your mind?")
      .fill('Four nights on and I cannot fall asleep before noon. What works for you?');
    await post.click();
    await jo.page.getByText('Post created successfully').waitFor();
    await jo.page.getByRole('button', { name: /^Sleep Disorders/ }).click();
    await jo.page.getByRole('heading', { name: 'Sleep Disorders', level: 2 }).waitFor();
    await card(jo.page, 'Sleeping after nights').waitFor();
    await jo.page.getByRole('button', { name: /^PTSD & Trauma/ }).click();
    await jo.page.getByText('No discussions yet').waitFor();
    await jo.page.getByRole('button', { name: /^Sleep Disorders/ }).click();
    await screenshot(jo.page, 'forum-a-topic');

    // A reply in crisis language is posted as written, and its author is shown the crisis lines.
    await card(jo.page, 'Sleeping after nights').getByRole('button').first().click();
    await jo.page.getByLabel('Write a reply').fill('Some nights I think about ending my life.');
    await jo.page.getByRole('button', { name: 'Reply', exact: true }).click();
    await jo.page.getByText('If you are in crisis, please reach out now').waitFor();
    await screenshot(jo.page, 'forum-a-crisis');
    await jo.page.getByRole('button', { name: 'Thank you' }).click();
    await jo.page
      .getByRole('list', { name: 'Replies' })
      .getByText('Some nights I think about ending my life.')
      .waitFor();
    await jo.page.getByRole('button', { name: 'Close' }).click();

    await jo.page.goto(`${currentHarness().url}/member/forum`);
    await card(jo.page, TITLE).waitFor();
    expect(await jo.page.getByRole('article', { name: 'Sleeping after nights' }).count()).toBe(0);
    await jo.page.setViewportSize({ width: 390, height: 844 });
    expect(await settledPageWidth(jo.page, 390)).toBeLessThanOrEqual(390);
    await screenshot(jo.page, 'forum-b-phone');
  });

  it('lets a member report a post and an admin hide it, after which members no longer see it', async () => {
    const casey = keep(await member('Casey', '/member/forum'));
    await card(casey.page, TITLE).getByRole('button', { name: 'Report this post' }).click();
    await casey.page.getByLabel('What is wrong?').fill('This looks like it breaks the rules.');
    await casey.page.getByRole('button', { name: 'Send report' }).click();
    await casey.page.getByText('Thank you. A moderator will look at it.').waitFor();

    const ada = keep(await admin('/member/forum'));
    await card(ada.page, TITLE).getByRole('button', { name: 'Hide post' }).click();
    await ada.page.getByLabel('Why (kept with your action)').fill('Reported as breaking the rules.');
    await ada.page.getByRole('button', { name: 'Hide', exact: true }).click();
    await ada.page.getByText('The post is hidden from members').waitFor();
    await card(ada.page, TITLE).getByText('Hidden').waitFor();
    await screenshot(ada.page, 'forum-b-admin-hidden');

    // Issue 26: Casey's open board drops the hidden post without a reload.
    await casey.page.getByRole('article', { name: TITLE }).waitFor({ state: 'detached' });
    await screenshot(casey.page, 'forum-b-after-hide');
  });

  it('lets an admin slow the Campfire with a reason; a member reads the notice, and his second post is refused with the wait, his draft kept', async () => {
    const ada = keep(await admin('/admin'));
    await ada.page.getByRole('tab', { name: 'Community' }).click();
    const slowMode = ada.page.getByRole('region', { name: 'Slow mode' });
    const campfire = slowMode.getByRole('listitem').filter({ hasText: 'The Campfire (members)' });
    await slowMode.getByText('The Campfire (members): Off').waitFor();
    await slowMode.getByLabel('Slow mode for The Campfire (members)').selectOption({ label: 'One post every hour' });
    await campfire.getByRole('button', { name: 'Save slow mode' }).click();
    await slowMode.getByText('Please say briefly why (at most 500 characters)').waitFor();
    await slowMode.getByLabel('Why (kept with your change to The Campfire (members))').fill('A heated evening');
    await campfire.getByRole('button', { name: 'Save slow mode' }).click();
    await ada.page.getByText('Slow mode: one post every hour').waitFor();
    await slowMode.getByText('The Campfire (members): One post every hour').waitFor();
    await slowMode.getByText(/Set by Ada · .* · “A heated evening”/).waitFor();
    await screenshot(ada.page, 'forum-admin-slow-mode');

    const drew = keep(await member('Drew', '/member/forum'));
    await drew.page
      .getByRole('note', { name: 'Slow mode' })
      .getByText(/one new post every hour/)
      .waitFor();
    const write = async (title: string) => {
      await drew.page.getByRole('button', { name: 'New Post' }).click();
      await drew.page.getByLabel('Title').fill(title);
      await drew.page.getByLabel('Category').selectOption({ label: 'Brotherhood' });
      await drew.page.getByLabel('Share your thoughts').fill('Writing this down before the evening gets away from me.');
      await drew.page.getByRole('button', { name: 'Create Post' }).click();
    };
    await write('A first thought tonight');
    await drew.page.getByText('Your post has been created successfully!').waitFor();
    await card(drew.page, 'A first thought tonight').waitFor();
    await write('A second thought too soon');
    await drew.page.getByText('Slow mode is on in this board: you can post again in 1 hour.').waitFor();
    // Nothing he wrote is lost: the dialog stays open with his words.
    expect(await drew.page.getByLabel('Title').inputValue()).toBe('A second thought too soon');
    await screenshot(drew.page, 'forum-slow-mode-refused');
  });
});
