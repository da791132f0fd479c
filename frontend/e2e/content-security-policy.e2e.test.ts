import type { BrowserContext, Page } from 'playwright-core';
import { signInAdmin, signUpMember } from './accounts';
import { openTab, useHarness } from './harness';

jest.setTimeout(180_000);

const { harness: currentHarness } = useHarness();

/**
 * Every Content-Security-Policy violation a page reports, through the DOM's own event
 * (an init script runs outside the page's CSP) and the console.
 */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const settle = (page: Page) => page.waitForLoadState('networkidle');

describe('the app under its Content-Security-Policy', () => {
  it.each(['light', 'dark'] as const)(
    'shows the splash, the hero video, the public pages, a member’s charts and the admin charts without a violation (%s)',
    async (colorScheme) => {
      const context = await currentHarness().browser.newContext({ colorScheme });
      try {
        const violations = await watchViolations(context);
        const url = currentHarness().url;
        const home = await openTab(context, `${url}/`);
        const video = home.locator('video').first();
        await video.waitFor({ state: 'attached' });
        await home.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, {
          timeout: 15_000,
        });
        for (const pathname of ['/connect', '/sit-method', '/contact', '/signin', '/journey']) {
          await home.goto(`${url}${pathname}`);
          await settle(home);
        }
        await signUpMember(context, currentHarness());
        await home.goto(`${url}/dashboard`);
        await home.locator('svg').first().waitFor();
        await settle(home);
        await signInAdmin(context, currentHarness());
        await home.goto(`${url}/admin`);
        await settle(home);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
