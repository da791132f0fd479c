import Router from '@koa/router';
import type { Context } from 'koa';
import type { ForumBoard } from '@reflections/contracts/forum';
import {
  forumBoardSettingsStream,
  SetSlowModeRequest,
  type SetSlowModeResponse,
  SlowModeBoardParams,
  slowModePacingStream,
  slowModeRefusal,
} from '@reflections/contracts/forum-slow-mode';
import { AnnouncedCache } from '@reflections/platform/announcements/announced-cache';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { tooManyRequests } from '@reflections/platform/http/rate-limit';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import type { ActingUser, RoleGuards } from '@reflections/platform/session/require-role';
import { answerCommand } from '../plumbing/answer-command';
import { handleCommand, loadStream } from '@reflections/platform/command/command-handler';
import type { CommandContext } from '@reflections/platform/command/command-context';
import { memberContext } from '../plumbing/command-context';
import { type BoardSettings, boardSettingsDecider, pacingDecider } from './forum-slow-mode-decider';

/** Two posts of one member sent at the same moment: one is counted, the other is read again and refused. */
const MAX_ATTEMPTS = 10;

/** The channel a moderator's change of a board's settings is announced on; the payload is the board. */
const BOARD_SETTINGS_CHANGED = 'forum_board_settings_changed';

/**
 * A process forgets what it remembered of a board's settings when a change is announced, or
 * after this long even if no announcement came (a replica that stopped between its append and
 * its NOTIFY): the longest a stale slow mode can pace, or fail to pace, posts.
 */
const BOARD_SETTINGS_TTL_MS = 5_000;

/** The boards' settings as this process last read them, forgotten on any replica's change (docs/forum.md#slow-mode). */
export type BoardSettingsCache = AnnouncedCache<BoardSettings>;

/** A BoardSettingsCache listening for every replica's changes; `stop()` it with the process. */
export async function listenForBoardSettings(databaseUrl: string): Promise<BoardSettingsCache> {
  const cache = new AnnouncedCache<BoardSettings>(databaseUrl, BOARD_SETTINGS_CHANGED, {
    max: 100,
    ttlMs: BOARD_SETTINGS_TTL_MS,
  });
  await cache.listen();
  return cache;
}

/**
 * Slow mode's gate on a new post (docs/product.md#slow-mode): while a board's slow mode is on,
 * a member's post is first counted on his pacing stream for that board, at its revision, so
 * two posts sent at once cannot both pass. Moderators are exempt. Refused: a 429 whose
 * message says when he can post again; nothing of his post was written, and the dialog keeps
 * his draft.
 */
export function slowModeGate(
  store: EventStore,
  boardSettings: BoardSettingsCache,
  findUser: (userId: string) => Promise<ActingUser | null>,
) {
  return async function admitNewPost(ctx: Context, board: ForumBoard, context: CommandContext & { userId: string }) {
    const { slowModeSeconds: seconds } = await boardSettings.readThrough(
      board,
      async () => (await loadStream(store, forumBoardSettingsStream(board), boardSettingsDecider)).state,
    );
    if (seconds === 0) return;
    if ((await findUser(context.userId))?.role === 'admin') return;
    const outcome = await handleCommand(
      store,
      slowModePacingStream(board, context.userId),
      pacingDecider,
      { type: 'CountPost', board, memberId: context.userId, seconds, now: new Date().toISOString() },
      context,
      { retry: { onVersionConflict: MAX_ATTEMPTS, message: 'Please try posting again' } },
    );
    if (!outcome.ok) throw tooManyRequests(ctx, outcome.waitSeconds * 1000, slowModeRefusal(outcome.waitSeconds));
  };
}

/** A moderator sets or clears a board's slow mode, always saying why (kept on the event with his id). */
export function slowModeRoutes(store: EventStore, boardSettings: BoardSettingsCache, roles: RoleGuards): Router {
  const router = new Router();
  router.put('/api/admin/moderation/boards/:board/slow-mode', roles.admin, async (ctx) => {
    const context = memberContext(ctx);
    const { board } = decodeOrThrow(SlowModeBoardParams, ctx.params);
    const { seconds, reason } = decodeOrThrow(SetSlowModeRequest, ctx.request.jsonBody);
    const outcome = await handleCommand(
      store,
      forumBoardSettingsStream(board),
      boardSettingsDecider,
      { type: 'SetSlowMode', board, seconds, reason, adminId: context.userId, now: new Date().toISOString() },
      context,
      { retry: { onVersionConflict: MAX_ATTEMPTS, message: 'Another moderator changed this board; please try again' } },
    );
    if (!outcome.ok) throw new Error('Setting slow mode is never refused');
    // Saved either way: a replica that does not hear of it forgets the old setting within BOARD_SETTINGS_TTL_MS.
    if (outcome.result !== null)
      await boardSettings
        .announce(board)
        .catch((error: unknown) =>
          logger.warn({ err: safeError(error), board }, 'could not announce a board setting to other replicas'),
        );
    answerCommand(ctx, outcome.result, 200, {
      board,
      seconds,
      changed: outcome.result !== null,
    } satisfies SetSlowModeResponse);
  });
  return router;
}
