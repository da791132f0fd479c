import { createHash, randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ForgotPasswordRequest,
  type MessageResponse,
  RESET_LINK_MINUTES,
  ResetPasswordRequest,
  SETTINGS_MESSAGES,
} from '@reflections/contracts/settings';
import { errorBody, isUuid } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { HttpError } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import type { Mailer } from '../plumbing/mailer';
import type { CommandRateLimits } from '../plumbing/rate-limits';
import { userStream } from '@reflections/contracts/streams';
import { commandContext } from '../plumbing/command-context';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { findUserIdByEmail } from './identity-store';
import { userDecider } from './user-decider';
import { hashPassword } from './password';
import { refuseCommonPassword } from './common-passwords';

/** What the log, the event and the database keep of a token: its SHA-256, never the token. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const linkRefused = () =>
  new HttpError(400, errorBody(SETTINGS_MESSAGES.resetLinkInvalid, { token: SETTINGS_MESSAGES.resetLinkInvalid }));

/** A token names its member (so the link finds his stream) and carries 256 random bits. */
const newToken = (userId: string) => `${userId}.${randomBytes(32).toString('base64url')}`;
const userIdOf = (token: string) => {
  const [userId] = token.split('.');
  return isUuid(userId) ? userId.toLowerCase() : null;
};

export type PasswordResetOptions = {
  mailer: Mailer;
  /** The origin links point to (PUBLIC_ORIGIN's first); without one, the origin the request came to. */
  publicOrigin: string | null;
};

/** POST /api/auth/forgot-password and /reset-password (issue 24). */
export function passwordResetRoutes(
  store: EventStore,
  rateLimits: Pick<CommandRateLimits, 'passwordReset'>,
  sessions: PostgresSessionStore,
  options: PasswordResetOptions,
): Router {
  const router = new Router({ prefix: '/api/auth' });
  const requested: MessageResponse = { message: SETTINGS_MESSAGES.resetRequested };

  const sendLink = async (ctx: Context, userId: string, email: string) => {
    const token = newToken(userId);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString();
    const outcome = await handleCommand(
      store,
      userStream(userId),
      userDecider,
      { type: 'RequestPasswordReset', tokenHash: hashOf(token), expiresAt, now: now.toISOString() },
      commandContext(ctx),
    );
    if (!outcome.ok) return;
    const link = `${options.publicOrigin ?? ctx.origin}/reset-password?token=${encodeURIComponent(token)}`;
    await options.mailer.send({
      to: email,
      subject: 'Choose a new password for Reflections',
      text: [
        `Hello ${outcome.state.firstName},`,
        '',
        'Someone (we hope you) asked to choose a new password for your Reflections account. Follow this link to choose one:',
        '',
        link,
        '',
        `It works once, for ${RESET_LINK_MINUTES} minutes. Choosing a new password signs you out on every device.`,
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ].join('\n'),
    });
  };

  // The same answer whether or not the address has an account; the mail goes out after it, so the time taken tells nothing either.
  router.post('/forgot-password', async (ctx) => {
    const { email } = decodeOrThrow(ForgotPasswordRequest, ctx.request.jsonBody);
    await rateLimits.passwordReset(ctx, email);
    const userId = await findUserIdByEmail(store, email);
    ctx.body = requested;
    if (userId) {
      sendLink(ctx, userId, email).catch((error: unknown) => ctx.app.emit('error', error, ctx));
    }
  });

  // A reset ends every session of the member, this browser's too: he signs in with the new password.
  router.post('/reset-password', async (ctx) => {
    const { token, newPassword } = decodeOrThrow(ResetPasswordRequest, ctx.request.jsonBody);
    const userId = userIdOf(token);
    if (!userId) throw linkRefused();
    refuseCommonPassword(newPassword, 'newPassword');
    const outcome = await handleCommand(
      store,
      userStream(userId),
      userDecider,
      {
        type: 'ResetPassword',
        tokenHash: hashOf(token),
        passwordHash: await hashPassword(newPassword),
        now: new Date().toISOString(),
      },
      commandContext(ctx),
    );
    if (!outcome.ok || !outcome.result) throw linkRefused();
    await sessions.destroyAllOf(userId);
    ctx.session = null;
    answerWithPosition(ctx, outcome.result.position, 200, {
      message: 'Your password is changed. Please sign in with it.',
    } satisfies MessageResponse);
  });

  return router;
}
