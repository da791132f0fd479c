import Router from '@koa/router';
import type { Context } from 'koa';
import {
  CampfirePostEdit,
  CampfirePostRequest,
  CampfireReplyRequest,
  FORUM_CATEGORIES,
  FORUM_MESSAGES,
  isResponderPayload,
  ModerationRequest,
  ReportRequest,
  ResponderPostEdit,
  ResponderPostRequest,
  ResponderReplyRequest,
  type AddReplyResponse,
  type EditResponse,
  type CreatePostResponse,
  type ReportResponse,
} from '@reflections/contracts/forum';
import { ReactionKind, ReactionRequest } from '@reflections/contracts/forum-reactions';
import { forumPostStream } from '@reflections/contracts/streams';
import { errorBody } from '@reflections/contracts/validation';
import type { AppendResult, EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow, decodePathId } from '@reflections/platform/http/decode';
import { badRequest, notFound } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import type { ActingUser, RoleGuards } from '@reflections/platform/session/require-role';
import type { CommandContext } from '@reflections/platform/command/command-context';
import { memberContext } from '../plumbing/command-context';
import { answerCommand } from '../plumbing/answer-command';
import { newIdFor } from '../plumbing/request-ids';
import { existingReport, type ForumPostCommand } from './forum-post-decider';
import { forumPostStore, newPost } from './forum-store';
import { type BoardSettingsCache, slowModeGate } from './forum-slow-mode';
import { checkedSafely, type CrisisCheck } from '@reflections/crisis/crisis-check';
import { showCrisisResources } from '@reflections/crisis/crisis-resources';

const pathId = (ctx: Context, name: string) => decodePathId(ctx.params[name], name);

function categoryOf(body: unknown) {
  if (isResponderPayload(body)) {
    const request = decodeOrThrow(ResponderPostRequest, body);
    const category = FORUM_CATEGORIES.find((c) => c.board === 'first-responders' && c.key === request.category)!;
    return { request, category };
  }
  const request = decodeOrThrow(CampfirePostRequest, body);
  const category = FORUM_CATEGORIES.find((c) => c.board === 'campfire' && c.id === request.categoryId);
  if (!category) throw badRequest(errorBody(FORUM_MESSAGES.category, { categoryId: FORUM_MESSAGES.category }));
  return { request, category };
}

/**
 * The forum's writing endpoints (docs/product.md#forum-calls, with moderation). Members
 * post, reply and report; admins pin, hide, restore and dismiss reports.
 */
export function forumRoutes(
  store: EventStore,
  options: {
    crisisCheck: CrisisCheck;
    roles: RoleGuards;
    findUser: (userId: string) => Promise<ActingUser | null>;
    boardSettings: BoardSettingsCache;
  },
): Router {
  const router = new Router();
  const posts = forumPostStore(store);
  const admitNewPost = slowModeGate(store, options.boardSettings, options.findUser);
  const adminOnly = options.roles.admin;

  /** Asked while the words are being saved, so a slow detector does not hold the post back; a failing one never loses it. */
  const detectCrisis = checkedSafely(options.crisisCheck, 'forum');

  /**
   * Crisis language: the words are published as written, and their author is shown the crisis
   * lines (recorded without text). An edit that changed nothing appended nothing: its answer
   * carries no position.
   */
  async function answerWithCrisis(
    ctx: Context,
    postId: string,
    detected: Promise<boolean>,
    appended: AppendResult | null,
    context: CommandContext,
    body: (shown: boolean) => unknown,
    status = 201,
  ) {
    const shown = await detected;
    const last = shown ? await showCrisisResources(store, forumPostStream(postId), 'forum', context) : appended;
    answerCommand(ctx, last ?? appended, status, body(shown));
  }

  router.post('/api/forum/posts', async (ctx) => {
    const context = memberContext(ctx);
    const { request, category } = categoryOf(ctx.request.jsonBody);
    await admitNewPost(ctx, category.board, context);
    const postId = newIdFor(ctx, 'post');
    const detected = detectCrisis(`${request.title}\n${request.content}`);
    const appended = await posts.handle(
      postId,
      {
        type: 'CreatePost',
        postId,
        board: category.board,
        categoryId: category.id,
        category: category.key,
        title: request.title,
        content: request.content,
        isAnonymous: request.isAnonymous ?? false,
        authorId: context.userId,
        now: new Date().toISOString(),
      },
      context,
      newPost,
    );
    await answerWithCrisis(ctx, postId, detected, appended, context, (shown): CreatePostResponse => ({
      id: postId,
      board: category.board,
      crisisResources: shown,
    }));
  });

  router.post('/api/forum/posts/:postId/replies', async (ctx) => {
    const context = memberContext(ctx);
    const postId = pathId(ctx, 'postId');
    const known = await posts.latest(postId);
    const { state } = known;
    if (!state.exists || state.isHidden) throw notFound('Post not found');
    const request = decodeOrThrow(
      state.board === 'campfire' ? CampfireReplyRequest : ResponderReplyRequest,
      ctx.request.jsonBody,
    );
    const replyId = newIdFor(ctx, 'reply');
    const detected = detectCrisis(request.content);
    const appended = await posts.handle(
      postId,
      {
        type: 'AddReply',
        replyId,
        content: request.content,
        isAnonymous: request.isAnonymous ?? false,
        authorId: context.userId,
        now: new Date().toISOString(),
      },
      context,
    );
    await answerWithCrisis(ctx, postId, detected, appended, context, (shown): AddReplyResponse => ({
      id: replyId,
      postId,
      crisisResources: shown,
    }));
  });

  /** Issue 26: the author edits his post under the board's rules for a new one; the crisis check reads the new words too. */
  router.patch('/api/forum/posts/:postId', async (ctx) => {
    const context = memberContext(ctx);
    const postId = pathId(ctx, 'postId');
    const known = await posts.latest(postId);
    if (!known.state.exists || known.state.isHidden || known.state.isDeleted) throw notFound('Post not found');
    const edit = decodeOrThrow(
      known.state.board === 'campfire' ? CampfirePostEdit : ResponderPostEdit,
      ctx.request.jsonBody,
    );
    const detected = detectCrisis(`${edit.title}\n${edit.content}`);
    const appended = await posts.handle(
      postId,
      { type: 'EditPost', ...edit, requesterId: context.userId, now: new Date().toISOString() },
      context,
    );
    await answerWithCrisis(
      ctx,
      postId,
      detected,
      appended,
      context,
      (shown): EditResponse => ({ id: postId, crisisResources: shown }),
      200,
    );
  });

  router.delete('/api/forum/posts/:postId', async (ctx) => {
    const context = memberContext(ctx);
    const postId = pathId(ctx, 'postId');
    const appended = await posts.handle(
      postId,
      { type: 'DeletePost', requesterId: context.userId, now: new Date().toISOString() },
      context,
    );
    answerCommand(ctx, appended, 200, { postId, deleted: true });
  });

  router.patch('/api/forum/posts/:postId/replies/:replyId', async (ctx) => {
    const context = memberContext(ctx);
    const postId = pathId(ctx, 'postId');
    const replyId = pathId(ctx, 'replyId');
    const known = await posts.latest(postId);
    if (!known.state.exists || known.state.isHidden) throw notFound('Post not found');
    const { content } = decodeOrThrow(
      known.state.board === 'campfire' ? CampfireReplyRequest : ResponderReplyRequest,
      ctx.request.jsonBody,
    );
    const detected = detectCrisis(content);
    const appended = await posts.handle(
      postId,
      { type: 'EditReply', replyId, content, requesterId: context.userId, now: new Date().toISOString() },
      context,
    );
    await answerWithCrisis(
      ctx,
      postId,
      detected,
      appended,
      context,
      (shown): EditResponse => ({ id: replyId, crisisResources: shown }),
      200,
    );
  });

  router.delete('/api/forum/posts/:postId/replies/:replyId', async (ctx) => {
    const context = memberContext(ctx);
    const postId = pathId(ctx, 'postId');
    const replyId = pathId(ctx, 'replyId');
    const appended = await posts.handle(
      postId,
      { type: 'DeleteReply', replyId, requesterId: context.userId, now: new Date().toISOString() },
      context,
    );
    answerCommand(ctx, appended, 200, { replyId, deleted: true });
  });

  /** Issue 26: a support reaction given (once per kind per member) or withdrawn; repeating either appends nothing. */
  async function react(ctx: Context, replyId: string | null) {
    const context = memberContext(ctx);
    const postId = pathId(ctx, 'postId');
    const { kind, isAnonymous } = decodeOrThrow(ReactionRequest, ctx.request.jsonBody);
    const appended = await posts.handle(
      postId,
      {
        type: 'React',
        replyId,
        kind,
        memberId: context.userId,
        isAnonymous: isAnonymous ?? false,
        now: new Date().toISOString(),
      },
      context,
    );
    answerCommand(ctx, appended, 201, { reactions: true });
  }
  async function unreact(ctx: Context, replyId: string | null) {
    const context = memberContext(ctx);
    const postId = pathId(ctx, 'postId');
    const kind = decodeOrThrow(ReactionKind, ctx.params.kind);
    const appended = await posts.handle(
      postId,
      { type: 'Unreact', replyId, kind, memberId: context.userId, now: new Date().toISOString() },
      context,
    );
    answerCommand(ctx, appended, 200, { reactions: true });
  }
  router.post('/api/forum/posts/:postId/reactions', (ctx) => react(ctx, null));
  router.post('/api/forum/posts/:postId/replies/:replyId/reactions', (ctx) => react(ctx, pathId(ctx, 'replyId')));
  router.delete('/api/forum/posts/:postId/reactions/:kind', (ctx) => unreact(ctx, null));
  router.delete('/api/forum/posts/:postId/replies/:replyId/reactions/:kind', (ctx) =>
    unreact(ctx, pathId(ctx, 'replyId')),
  );

  async function report(ctx: Context, replyId: string | null) {
    const context = memberContext(ctx);
    const postId = pathId(ctx, 'postId');
    const { reason } = decodeOrThrow(ReportRequest, ctx.request.jsonBody);
    const reportId = newIdFor(ctx, 'report');
    const appended = await posts.handle(
      postId,
      { type: 'ReportContent', reportId, replyId, reason, reporterId: context.userId, now: new Date().toISOString() },
      context,
    );
    if (appended)
      return answerWithPosition(ctx, appended.position, 201, { reportId, reported: true } satisfies ReportResponse);
    // He reported this already: nothing more is appended, and he is answered as the first time.
    const { state } = await posts.latest(postId);
    ctx.status = 201;
    ctx.body = {
      reportId: existingReport(state, replyId, context.userId) ?? reportId,
      reported: true,
    } satisfies ReportResponse;
  }
  router.post('/api/forum/posts/:postId/report', (ctx) => report(ctx, null));
  router.post('/api/forum/posts/:postId/replies/:replyId/report', (ctx) => report(ctx, pathId(ctx, 'replyId')));

  /**
   * An admin command on a post, with the moderator's reason when he gives one; answers the
   * post's state after it (nothing appended when it already was so).
   */
  function adminAction(
    path: string,
    method: 'post' | 'delete',
    command: (ctx: Context, admin: { adminId: string; now: string; reason: string }) => ForumPostCommand,
  ) {
    router[method](path, adminOnly, async (ctx) => {
      const context = memberContext(ctx);
      const postId = pathId(ctx, 'postId');
      const { reason } = decodeOrThrow(ModerationRequest, ctx.request.jsonBody ?? {});
      const appended = await posts.handle(
        postId,
        command(ctx, { adminId: context.userId, now: new Date().toISOString(), reason: reason ?? '' }),
        context,
      );
      answerCommand(ctx, appended, 200, { postId, changed: appended !== null });
    });
  }
  adminAction('/api/forum/posts/:postId/pin', 'post', (_ctx, admin) => ({ type: 'PinPost', ...admin }));
  adminAction('/api/forum/posts/:postId/pin', 'delete', (_ctx, admin) => ({ type: 'UnpinPost', ...admin }));
  adminAction('/api/admin/moderation/posts/:postId/hide', 'post', (_ctx, admin) => ({ type: 'HidePost', ...admin }));
  adminAction('/api/admin/moderation/posts/:postId/restore', 'post', (_ctx, admin) => ({
    type: 'RestorePost',
    ...admin,
  }));
  adminAction('/api/admin/moderation/posts/:postId/replies/:replyId/hide', 'post', (ctx, admin) => ({
    type: 'HideReply',
    replyId: pathId(ctx, 'replyId'),
    ...admin,
  }));
  adminAction('/api/admin/moderation/posts/:postId/replies/:replyId/restore', 'post', (ctx, admin) => ({
    type: 'RestoreReply',
    replyId: pathId(ctx, 'replyId'),
    ...admin,
  }));
  adminAction('/api/admin/moderation/posts/:postId/reports/:reportId/dismiss', 'post', (ctx, admin) => ({
    type: 'DismissReport',
    reportId: pathId(ctx, 'reportId'),
    ...admin,
  }));

  return router;
}
