import { countEvents, openTab, screenshot, useHarness } from './harness';

jest.setTimeout(120_000);

const { harness: currentHarness, context: currentContext } = useHarness();

describe('the site', () => {
  it('refuses a wrong password and stays on sign-in', async () => {
    const page = await openTab(currentContext(), `${currentHarness().url}/signin`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Sign in failed').waitFor();
    await page.getByText('Invalid email or password').waitFor();
    await screenshot(page, 'signin-error');
    expect(new URL(page.url()).pathname).toBe('/signin');
  });

  it('shows a not-found screen for an unknown path', async () => {
    const page = await openTab(currentContext(), `${currentHarness().url}/no/such/place`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await screenshot(page, 'not-found');
  });

  it('sends the contact form and records the message as an event', async () => {
    const before = await countEvents(currentHarness().databaseUrl, 'ContactMessageReceived');
    const page = await openTab(currentContext(), `${currentHarness().url}/contact`);
    await page.getByLabel('Name').fill('Jordan Reyes');
    await page.getByLabel('Email', { exact: true }).fill('jordan@example.com');
    await page.getByLabel("I'm interested in").selectOption('coaching');
    await page.getByLabel('Message').fill('I would like to hear more about coaching for our crew.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent').waitFor();
    await screenshot(page, 'contact-sent');
    expect(await countEvents(currentHarness().databaseUrl, 'ContactMessageReceived')).toBe(before + 1);
  });
});
