import Router from '@koa/router';
import type { Middleware } from 'koa';
import { CRISIS_STORY_PROMPT } from '@reflections/contracts/crisis';
import { STORY_STEPS, StartStoryRequest, UpdateStoryRequest } from '@reflections/contracts/story';
import { storyStream } from '@reflections/contracts/streams';
import { errorBody } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow, decodePathId } from '@reflections/platform/http/decode';
import { badRequest, HttpError, notFound } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { checkedSafely, type CrisisCheck } from '@reflections/crisis/crisis-check';
import { showCrisisResources } from '@reflections/crisis/crisis-resources';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { eventIdSeedOf, newIdFor } from '../plumbing/request-ids';
import { type StoryRejection, type StorySession, storyDecider } from './story-decider';
import type { StoryPromptSource } from './story-prompts';
import { toStoryView } from './story-view';

const NO_SUCH_STORY = 'No such story session';

/** Whether this answer moves the member's story on to another step, so a next prompt is needed. */
const goesOn = (state: StorySession, userId: string, answers: readonly string[] | undefined) =>
  state.userId === userId &&
  state.status !== 'completed' &&
  state.currentStep < STORY_STEPS &&
  answers?.length === state.responses.length + 1;

function refusal(rejection: StoryRejection): HttpError {
  switch (rejection.reason) {
    case 'NotFound':
      return notFound(NO_SUCH_STORY);
    case 'AlreadyStarted':
      return new HttpError(409, errorBody('This story session already exists'));
    case 'Completed':
    case 'NoCrisisBanner':
      return new HttpError(409, errorBody(rejection.message));
    case 'Invalid':
      return badRequest(errorBody(rejection.message, { [rejection.field]: rejection.message }));
  }
}

/**
 * POST /api/five-minute-story/session and PUT /api/five-minute-story/session/{id} (docs/product.md#story-calls),
 * and POST /api/five-minute-story/session/{id}/crisis-banner-dismissal (issue 22).
 */
export function storyRoutes(
  store: EventStore,
  promptFor: StoryPromptSource,
  crisisCheck: CrisisCheck,
  raiQuota: Middleware,
): Router {
  const router = new Router({ prefix: '/api/five-minute-story/session' });
  const detectCrisis = checkedSafely(crisisCheck, 'story');

  // Starting a story and answering a step each ask RAI for a prompt: they spend the member's RAI quota.
  router.post('/', raiQuota, async (ctx) => {
    const userId = requireSignedIn(ctx);
    decodeOrThrow(StartStoryRequest, ctx.request.jsonBody);
    const sessionId = newIdFor(ctx, 'story-session');
    const { prompt: firstPrompt } = await promptFor(1, [], {
      sessionId,
      userId,
      correlationId: ctx.state.correlationId,
    });
    const outcome = await handleCommand(
      store,
      storyStream(sessionId),
      storyDecider,
      { type: 'StartStory', sessionId, userId, firstPrompt, now: new Date().toISOString() },
      { userId, correlationId: ctx.state.correlationId, eventIdSeed: eventIdSeedOf(ctx) },
    );
    if (!outcome.ok) throw refusal(outcome);
    answerWithPosition(ctx, outcome.result!.position, 201, toStoryView(outcome.state));
  });

  router.put('/:id', raiQuota, async (ctx) => {
    const userId = requireSignedIn(ctx);
    const sessionId = decodePathId(ctx.params.id, 'id');
    const update = decodeOrThrow(UpdateStoryRequest, ctx.request.jsonBody);
    const context = { userId, correlationId: ctx.state.correlationId };
    // Asked while the answer is saved; only the newest answer is new (the decider refuses changed earlier ones).
    const newAnswer = update.userResponses?.at(-1);
    const detected = newAnswer ? detectCrisis(newAnswer) : Promise.resolve(false);
    let next = { prompt: '', crisis: false };
    // After an answer with crisis language the story does not simply go on: the next prompt asks about safety.
    const nextPromptFor = async (state: StorySession) => {
      next = await promptFor(state.currentStep + 1, update.userResponses ?? [], {
        sessionId: state.sessionId,
        ...context,
      });
      return (await detected) || next.crisis ? CRISIS_STORY_PROMPT : next.prompt;
    };
    const outcome = await handleCommand(
      store,
      storyStream(sessionId),
      storyDecider,
      async (state) => ({
        type: 'SubmitStoryResponse',
        userId,
        userResponses: update.userResponses,
        claimedStatus: update.sessionStatus,
        claimedStep: update.currentStep,
        nextPrompt: goesOn(state, userId, update.userResponses) ? await nextPromptFor(state) : '',
        startedThisVisit: update.sessionDuration !== undefined && update.sessionDuration !== null,
        now: new Date().toISOString(),
      }),
      context,
    );
    if (!outcome.ok) throw refusal(outcome);
    // Recorded once per story: the resources stay above it from then on, after a reload too.
    const crisis = !outcome.state.crisisResourcesShown && ((await detected) || next.crisis);
    const shown = crisis ? await showCrisisResources(store, storyStream(sessionId), 'story', context) : null;
    const view = toStoryView(outcome.state);
    answerWithPosition(ctx, (shown ?? outcome.result!).position, 200, {
      ...view,
      crisisResources: view.crisisResources || crisis,
    });
  });

  // "This isn't about me": the banner comes down, recorded without any text; a later crisis answer brings it back.
  router.post('/:id/crisis-banner-dismissal', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const sessionId = decodePathId(ctx.params.id, 'id');
    const outcome = await handleCommand(
      store,
      storyStream(sessionId),
      storyDecider,
      { type: 'DismissCrisisBanner', userId, now: new Date().toISOString() },
      { userId, correlationId: ctx.state.correlationId },
    );
    if (!outcome.ok) throw refusal(outcome);
    answerWithPosition(ctx, outcome.result!.position, 200, toStoryView(outcome.state));
  });

  return router;
}
