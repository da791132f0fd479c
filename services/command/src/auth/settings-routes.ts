import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ChangeEmailRequest,
  ChangeFirstNameRequest,
  ChangePasswordRequest,
  SETTINGS_MESSAGES,
  type SettingsResponse,
} from '@reflections/contracts/settings';
import { errorBody } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { HttpError } from '@reflections/platform/http/http-error';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { refuseCommonPassword } from './common-passwords';
import { emailChangedNotice, passwordChangedNotice } from './account-notices';
import type { Mail, Mailer } from '../plumbing/mailer';
import { userStream } from '@reflections/contracts/streams';
import { commandContext } from '../plumbing/command-context';
import { answerCommand } from '../plumbing/answer-command';
import { handleCommand, type Outcome } from '@reflections/platform/command/command-handler';
import { type Rejection } from '@reflections/platform/command/decider';
import { loadUser, releaseEmailOf, reserveEmail } from './identity-store';
import { hashPassword, verifyPassword } from './password';
import type { LoginThrottle } from './login-throttle';
import { type User, type UserRejection, userDecider } from './user-decider';

const wrongCurrentPassword = (field = 'currentPassword') =>
  new HttpError(
    400,
    errorBody(SETTINGS_MESSAGES.currentPasswordWrong, { [field]: SETTINGS_MESSAGES.currentPasswordWrong }),
  );

const matches = async (password: string, state: User) =>
  state.passwordHash !== null && (await verifyPassword(password, state.passwordHash));

/** A guess at his current password counts as a failed sign-in would: a stolen session cannot try passwords without end. */
export async function confirmedByPassword(
  ctx: Context,
  throttle: LoginThrottle,
  password: string,
  state: User,
  field = 'currentPassword',
): Promise<void> {
  await throttle.check(ctx, state.email);
  if (await matches(password, state)) return;
  await throttle.failed(ctx, state.email);
  throw wrongCurrentPassword(field);
}

/** A settings change answers with the account as it is now, and the position of its events when there were any. */
function answer(ctx: Context, outcome: Outcome<User, Rejection<UserRejection>>) {
  if (!outcome.ok)
    throw outcome.reason === 'WrongPassword'
      ? wrongCurrentPassword()
      : new Error(`a settings change was rejected: ${outcome.reason}`);
  const body: SettingsResponse = { email: outcome.state.email, firstName: outcome.state.firstName };
  answerCommand(ctx, outcome.result, 200, body);
}

/** POST /api/me/first-name, /email, /password: the signed-in member's own account (/member/settings, issue 24). */
export function settingsRoutes(
  store: EventStore,
  sessions: PostgresSessionStore,
  throttle: LoginThrottle,
  mailer: Mailer,
): Router {
  const router = new Router({ prefix: '/api/me' });
  // Sent after the answer: a mail server that is slow or down never holds or fails the change itself.
  const notify = (ctx: Context, mail: Mail) =>
    void mailer.send(mail).catch((error: unknown) => ctx.app.emit('error', error, ctx));

  router.post('/first-name', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const { firstName } = decodeOrThrow(ChangeFirstNameRequest, ctx.request.jsonBody);
    answer(
      ctx,
      await handleCommand(
        store,
        userStream(userId),
        userDecider,
        { type: 'ChangeFirstName', firstName, now: new Date().toISOString() },
        commandContext(ctx),
      ),
    );
  });

  // The new address is reserved as registration reserves one (email-{sha256}, expected no-stream), then recorded, then the old one released.
  router.post('/email', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const { email, currentPassword } = decodeOrThrow(ChangeEmailRequest, ctx.request.jsonBody);
    const context = commandContext(ctx);
    const { state } = await loadUser(store, userId);
    await confirmedByPassword(ctx, throttle, currentPassword, state);
    const previous = state.email;
    if (previous.toLowerCase() === email) {
      answer(ctx, { ok: true, state, result: null });
      return;
    }
    await reserveEmail(store, email, userId, { ...context, eventIdSeed: undefined });
    const outcome = await handleCommand(
      store,
      userStream(userId),
      userDecider,
      { type: 'ChangeEmail', email, passwordMatches: true, now: new Date().toISOString() },
      context,
    ).catch(async (error: unknown) => {
      await releaseEmailOf(store, email, userId, context).catch(() => undefined);
      throw error;
    });
    await releaseEmailOf(store, previous, userId, context);
    answer(ctx, outcome);
    if (outcome.ok && outcome.result !== null) notify(ctx, emailChangedNotice(previous, outcome.state.firstName));
  });

  // Every other session of his ends; this one goes on under a fresh id.
  router.post('/password', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const { currentPassword, newPassword } = decodeOrThrow(ChangePasswordRequest, ctx.request.jsonBody);
    refuseCommonPassword(newPassword, 'newPassword');
    await confirmedByPassword(ctx, throttle, currentPassword, (await loadUser(store, userId)).state);
    const passwordHash = await hashPassword(newPassword);
    const outcome = await handleCommand(
      store,
      userStream(userId),
      userDecider,
      async (state) => ({
        type: 'ChangeOwnPassword',
        passwordMatches: await matches(currentPassword, state),
        passwordHash,
        now: new Date().toISOString(),
      }),
      commandContext(ctx),
    );
    if (outcome.ok) {
      await sessions.destroyAllOf(userId);
      await ctx.session!.regenerate();
      ctx.session!.userId = userId;
    }
    answer(ctx, outcome);
    if (outcome.ok && outcome.result !== null)
      notify(ctx, passwordChangedNotice(outcome.state.email, outcome.state.firstName));
  });

  return router;
}
