import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { ADMIN_MESSAGES } from '@reflections/contracts/admin';
import { OPS_STREAM } from '@reflections/contracts/streams';
import { errorBody } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { HttpError } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { deploymentDecider } from './deployment-decider';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { memberContext } from '../plumbing/command-context';

const HOOK_TIMEOUT_MS = 10_000;

/**
 * POST /api/admin/deploy: records DeploymentRequested on the ops stream, then calls the
 * hook named by DEPLOY_HOOK_URL (a CI or hosting "deploy hook" URL). With none configured
 * nothing is recorded and the answer is 503 'No deploy hook configured'.
 */
export function deployRoutes(store: EventStore, deployHookUrl: string | null, roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin/deploy' });
  router.use(roles.admin);
  router.post('/', async (ctx) => {
    if (!deployHookUrl) throw new HttpError(503, errorBody(ADMIN_MESSAGES.noDeployHook));
    const context = memberContext(ctx);
    const deploymentId = randomUUID();
    const requestedAt = new Date().toISOString();
    const recorded = await handleCommand(
      store,
      OPS_STREAM,
      deploymentDecider,
      { type: 'RequestDeployment', deploymentId, requestedBy: context.userId, now: requestedAt },
      context,
      { appendOnly: true },
    );
    if (!recorded.ok || !recorded.result) throw new Error('a deployment request appended nothing');
    let answer: Response;
    try {
      answer = await fetch(deployHookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deploymentId, requestedAt }),
        signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      });
    } catch {
      throw new HttpError(502, errorBody('The deploy hook could not be reached'));
    }
    if (!answer.ok) throw new HttpError(502, errorBody(`The deploy hook answered ${answer.status}`));
    answerWithPosition(ctx, recorded.result.position, 202, { deploymentId, status: 'started' });
  });
  return router;
}
