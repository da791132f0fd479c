import Router from '@koa/router';
import { preferencesStream } from '@reflections/contracts/streams';
import { WelcomePreferenceRequest, type WelcomePreferenceResponse } from '@reflections/contracts/welcome';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { memberContext } from '../plumbing/command-context';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { welcomeDecider } from './welcome-decider';

/** POST /api/me/welcome: the dashboard welcome's "Don't show this again", kept on the member's profile. */
export function welcomeRoutes(store: EventStore): Router {
  const router = new Router({ prefix: '/api/me' });
  router.post('/welcome', async (ctx) => {
    const context = memberContext(ctx);
    const { userId } = context;
    const { showWelcome } = decodeOrThrow(WelcomePreferenceRequest, ctx.request.jsonBody);
    const outcome = await handleCommand(
      store,
      preferencesStream(userId),
      welcomeDecider,
      { type: 'SetWelcomePreference', userId, showWelcome, now: new Date().toISOString() },
      context,
    );
    if (!outcome.ok) throw new Error('the welcome preference cannot be refused');
    const body: WelcomePreferenceResponse = { showWelcome: outcome.state.showWelcome };
    if (outcome.result) answerWithPosition(ctx, outcome.result.position, 200, body);
    else ctx.body = body;
  });
  return router;
}
