import Router from '@koa/router';
import type { Context } from 'koa';
import { userStream } from '@reflections/contracts/streams';
import {
  JourneyAnswersRequest,
  LoginRequest,
  MESSAGES,
  RegisterRequest,
  type AuthUser,
  type JourneyAnswersResponse,
} from '@reflections/contracts/identity';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { conflict, HttpError, unauthorized } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { errorBody } from '@reflections/contracts/validation';
import { commandContext } from '../plumbing/command-context';
import { answerCommand } from '../plumbing/answer-command';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { newIdFor } from '../plumbing/request-ids';
import { assignArchetype } from './archetype';
import { findUserIdByEmail, releaseEmail, reserveEmail } from './identity-store';
import { userDecider } from './user-decider';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from './password';
import { refuseCommonPassword } from './common-passwords';
import type { CommandRateLimits } from '../plumbing/rate-limits';

const loginFailed = () => new HttpError(401, errorBody(MESSAGES.loginFailed));

/** POST /api/auth/register, /login, /logout (docs/product.md#identity-calls), /logout-all (issue 23), /journey-answers (issue 25). */
export function authRoutes(
  store: EventStore,
  rateLimits: Pick<CommandRateLimits, 'login' | 'registration'>,
  sessions: PostgresSessionStore,
): Router {
  const router = new Router({ prefix: '/api/auth' });

  router.post('/register', rateLimits.registration, async (ctx) => {
    const {
      email,
      password,
      firstName,
      archetype: _sentEmpty,
      acceptedTerms: _accepted,
      ...answers
    } = decodeOrThrow(RegisterRequest, ctx.request.jsonBody);
    refuseCommonPassword(password, 'password');
    const userId = newIdFor(ctx, 'user');
    const context = commandContext(ctx);
    await reserveEmail(store, email, userId, context);
    const now = new Date().toISOString();
    const archetype = assignArchetype(answers);
    const outcome = await handleCommand(
      store,
      userStream(userId),
      userDecider,
      {
        type: 'RegisterUser',
        userId,
        email,
        firstName,
        passwordHash: await hashPassword(password),
        answers,
        archetype,
        now,
      },
      context,
    ).catch(async (error: unknown) => {
      // Failed after reserving the address: give it back, so the member's retry succeeds now.
      await releaseEmail(store, email, userId, context).catch(() => undefined);
      throw error;
    });
    if (!outcome.ok || !outcome.result)
      throw new Error(`registration of a fresh user id was rejected: ${outcome.ok ? 'no events' : outcome.reason}`);
    // As on sign-in: a session id planted before registering must not become the new member's.
    await ctx.session!.regenerate();
    ctx.session!.userId = userId;
    const user: AuthUser = {
      id: userId,
      email,
      firstName,
      lastName: '',
      role: 'member',
      membershipType: 'free',
      archetype,
      createdAt: now,
    };
    answerWithPosition(ctx, outcome.result.position, 201, { user });
  });

  // Issue 25: a member registered without answers (admin:create, an earlier sign-in provider) takes the journey signed in.
  router.post('/journey-answers', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const answers = decodeOrThrow(JourneyAnswersRequest, ctx.request.jsonBody);
    const archetype = assignArchetype(answers);
    const outcome = await handleCommand(
      store,
      userStream(userId),
      userDecider,
      { type: 'RecordJourneyAnswers', answers, archetype, now: new Date().toISOString() },
      commandContext(ctx),
    );
    if (!outcome.ok) throw outcome.reason === 'AlreadyAnswered' ? conflict(MESSAGES.journeyAnswered) : unauthorized();
    const body: JourneyAnswersResponse = { archetype };
    answerWithPosition(ctx, outcome.result!.position, 201, body);
  });

  router.post('/login', async (ctx) => {
    const { email, password } = decodeOrThrow(LoginRequest, ctx.request.jsonBody);
    await rateLimits.login.check(ctx, email);
    const userId = await findUserIdByEmail(store, email);
    if (!userId) {
      await verifyPassword(password, UNKNOWN_USER_HASH);
      await rateLimits.login.failed(ctx, email);
      throw loginFailed();
    }
    const outcome = await handleCommand(
      store,
      userStream(userId),
      userDecider,
      async (state) => ({
        type: 'LogIn',
        passwordMatches: state.passwordHash !== null && (await verifyPassword(password, state.passwordHash)),
        now: new Date().toISOString(),
      }),
      commandContext(ctx),
    );
    if (!outcome.ok) {
      if (outcome.reason === 'NeedsPasswordSetup')
        throw new HttpError(401, { error: MESSAGES.needsPasswordSetup, fields: {}, needsPasswordSetup: true });
      await rateLimits.login.failed(ctx, email);
      throw loginFailed();
    }
    await rateLimits.login.succeeded(ctx, email);
    // A fresh session id on sign-in, so an id planted before sign-in is worthless.
    await ctx.session!.regenerate();
    ctx.session!.userId = userId;
    const { state: user } = outcome;
    answerWithPosition(ctx, outcome.result!.position, 200, {
      user: { id: user.userId, email: user.email, firstName: user.firstName, role: user.role },
    });
  });

  const recordSignOut = async (ctx: Context, userId: string) => {
    const outcome = await handleCommand(
      store,
      userStream(userId),
      userDecider,
      { type: 'LogOut', now: new Date().toISOString() },
      { userId, correlationId: ctx.state.correlationId },
    );
    answerCommand(ctx, outcome.ok ? outcome.result : null, 200, { signedOut: true });
  };

  router.post('/logout', async (ctx) => {
    const userId = signedInUserId(ctx);
    ctx.session = null;
    if (!userId) {
      ctx.body = { signedOut: true };
      return;
    }
    await recordSignOut(ctx, userId);
  });

  // Sign out everywhere: every session of the member ends, on every device and in every process.
  router.post('/logout-all', async (ctx) => {
    const userId = requireSignedIn(ctx);
    ctx.session = null;
    await sessions.destroyAllOf(userId);
    await recordSignOut(ctx, userId);
  });

  return router;
}
