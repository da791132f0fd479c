import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signUpMember } from './accounts';
import { countEvents, useHarness } from './harness';

jest.setTimeout(120_000);

const { harness: currentHarness, context: currentContext } = useHarness();

/**
 * A page on another port of the same host: same site, so the browser sends the member's
 * SameSite=Lax cookie along with its requests to the app. It tries what the issue found
 * working: a bodiless sign-out, an empty text/plain form, and a story started by a no-cors
 * fetch with a JSON body labelled text/plain.
 */
function attackerPage(app: string): string {
  const start = JSON.stringify({ sessionStatus: 'started', currentStep: 1, aiPrompts: [], userResponses: [] });
  return `<!doctype html><html><body>
<form id="form" method="POST" action="${app}/api/auth/logout" enctype="text/plain" target="sink"></form>
<iframe name="sink"></iframe>
<script>
  fetch('${app}/api/five-minute-story/session', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(start)} });
  fetch('${app}/api/auth/logout', { method: 'POST', mode: 'no-cors', credentials: 'include' });
  document.getElementById('form').submit();
</script></body></html>`;
}

describe('writes from another origin of the same site', () => {
  it('are refused in Chromium: the member stays signed in and no story is started', async () => {
    const harness = currentHarness();
    const context = currentContext();
    await signUpMember(context, harness);
    const startedBefore = await countEvents(harness.databaseUrl, 'StorySessionStarted');
    const attacker = http.createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(attackerPage(harness.url)),
    );
    await new Promise<void>((resolve) => attacker.listen(0, 'localhost', resolve));
    try {
      const page = await context.newPage();
      const settled: string[] = [];
      const api = (url: string) => url.startsWith(`${harness.url}/api/`);
      page.on('requestfinished', async (request) => {
        if (api(request.url()))
          settled.push(
            `${request.method()} ${new URL(request.url()).pathname} ${(await request.response())?.status()}`,
          );
      });
      page.on('requestfailed', (request) => {
        if (api(request.url()))
          settled.push(`${request.method()} ${new URL(request.url()).pathname} failed ${request.failure()?.errorText}`);
      });
      await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
      for (let waited = 0; settled.length < 3 && waited < 100; waited++) await page.waitForTimeout(100);
      // All three reached the app with the cookie; the browser then withholds the answers from the page
      // (CORP and frame-ancestors), so what proves the refusal is what did not happen:
      expect(settled).toHaveLength(3);
      expect((await context.request.get(`${harness.url}/api/auth/user`)).status()).toBe(200);
      expect(await countEvents(harness.databaseUrl, 'StorySessionStarted')).toBe(startedBefore);
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
    }
  });
});
