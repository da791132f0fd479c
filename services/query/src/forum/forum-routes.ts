import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import { ARCHETYPES, type ArchetypeId, DEFAULT_ARCHETYPE } from '@reflections/contracts/archetypes';
import { type AiProfile, type ForumPostDetail, ModerationQuery, PostListQuery } from '@reflections/contracts/forum';
import { type ForumPostPage, PostPageQuery, PostSearchQuery } from '@reflections/contracts/forum-paging';
import { decodeOrThrow, decodePathId } from '@reflections/platform/http/decode';
import { forbidden, notFound, unauthorized } from '@reflections/platform/http/http-error';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { circleIdOf } from './forum-circle';
import { toReactionViews } from './forum-reaction-views';
import { forumReadModel, type PostFilter, type PostRowPage } from './forum-read-model';
import { toPostView, toReplyView, toReportView, type Viewer } from './forum-views';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

/**
 * Which posts a list asks for. Signed out, only the Campfire board: naming the other board
 * or one of its categories is a 401, and no board means the Campfire one.
 */
function listFilter(query: PostPageQuery, viewer: Viewer, circle?: ArchetypeId): PostFilter {
  const categoryId = query.categoryId === undefined ? undefined : Number(query.categoryId);
  const categoryKey = query.category === undefined || query.category === 'all' ? undefined : query.category;
  const responders =
    query.board === 'first-responders' || (categoryId !== undefined && categoryId > 100) || categoryKey !== undefined;
  if (!viewer.userId && responders) throw unauthorized();
  return { board: query.board ?? (viewer.userId ? undefined : 'campfire'), categoryId, categoryKey, circle };
}

const pageView = (page: PostRowPage, viewer: Viewer): ForumPostPage => ({
  posts: page.rows.map((row) => toPostView(row, viewer)),
  total: page.total,
  nextCursor: page.more ? page.rows[page.rows.length - 1].id : null,
});

/** A list is only ever read as a member or a visitor: the statement itself keeps hidden rows from anyone but an admin. */
const listViewer = (ctx: Context): Viewer => ({ userId: signedInUserId(ctx), isAdmin: false });

/**
 * The forum's reads (docs/product.md#forum-calls), the admin's moderation queue and the member's AI
 * profile. Anyone may read the Campfire board; the first-responder board needs sign-in.
 */
export function forumRoutes(orm: MikroORM): Router {
  const router = new Router();
  const model = forumReadModel(orm);
  const viewerOf = (ctx: Context) => model.viewer(signedInUserId(ctx));

  /** A post the viewer may see: signed out, only the Campfire board. */
  async function visiblePost(ctx: Context) {
    const postId = decodePathId(ctx.params.postId, 'postId');
    const viewer = await viewerOf(ctx);
    const row = await model.post(viewer, postId);
    if (!row) throw notFound('Post not found');
    if (row.board === 'first-responders' && !viewer.userId) throw unauthorized();
    return { viewer, row };
  }

  /** `circle=mine`: the viewer's own circle, which a visitor does not have. */
  async function circleOf(viewer: Viewer): Promise<ArchetypeId> {
    const archetype = viewer.userId ? await model.archetypeOf(viewer.userId) : null;
    if (archetype === null) throw unauthorized();
    return circleIdOf(archetype);
  }

  /** His circle's figures for the Campfire's sidebar (issue 26). */
  router.get('/api/forum/circle', reads(READ_MODELS.forum, READ_MODELS.users), async (ctx) => {
    const figures = await model.circleFigures(requireSignedIn(ctx));
    if (!figures) throw unauthorized();
    ctx.body = figures;
  });

  router.get('/api/forum/categories', reads(READ_MODELS.forum), async (ctx) => {
    const { board } = decodeOrThrow(PostListQuery, ctx.query);
    ctx.body = await model.categories(board);
  });

  /** The first (up to) 100 posts, as an array: kept for callers written before paging. */
  router.get('/api/forum/posts', reads(READ_MODELS.forum, READ_MODELS.users), async (ctx) => {
    const query = decodeOrThrow(PostListQuery, ctx.query);
    const viewer = listViewer(ctx);
    const rows = await model.posts(viewer.userId, {
      ...listFilter(query, viewer),
      limit: query.limit === undefined ? undefined : Number(query.limit),
    });
    ctx.body = rows.map((row) => toPostView(row, viewer));
  });

  /** The same list, 20 at a time from `after`, with its total (issue 26). */
  router.get('/api/forum/feed', reads(READ_MODELS.forum, READ_MODELS.users), async (ctx) => {
    const query = decodeOrThrow(PostPageQuery, ctx.query);
    const viewer = listViewer(ctx);
    const circle = query.circle === 'mine' ? await circleOf(viewer) : undefined;
    ctx.body = pageView(
      await model.postPage(viewer.userId, listFilter(query, viewer, circle), query.after ?? null),
      viewer,
    );
  });

  /** Full-text search within a board (or a category), best match first, paged like the lists (issue 26). */
  router.get('/api/forum/search', reads(READ_MODELS.forum, READ_MODELS.users), async (ctx) => {
    const query = decodeOrThrow(PostSearchQuery, ctx.query);
    const viewer = listViewer(ctx);
    ctx.body = pageView(
      await model.searchPage(viewer.userId, listFilter(query, viewer), query.q, query.after ?? null),
      viewer,
    );
  });

  router.get('/api/forum/posts/:postId', reads(READ_MODELS.forum, READ_MODELS.users), async (ctx) => {
    const { viewer, row } = await visiblePost(ctx);
    const [replies, reactions] = await Promise.all([model.replies(viewer, row.id), model.reactions(row.id)]);
    const body: ForumPostDetail = {
      post: toPostView(row, viewer),
      replies: replies.map((reply) => toReplyView(reply, viewer)),
      reactions: toReactionViews(
        reactions,
        viewer,
        { id: row.id, authorId: row.author_id },
        replies.map((reply) => ({ id: reply.id, authorId: reply.author_id })),
      ),
    };
    ctx.body = body;
  });

  router.get('/api/forum/posts/:postId/replies', reads(READ_MODELS.forum, READ_MODELS.users), async (ctx) => {
    const { viewer, row } = await visiblePost(ctx);
    ctx.body = (await model.replies(viewer, row.id)).map((reply) => toReplyView(reply, viewer));
  });

  router.get('/api/admin/moderation/reports', reads(READ_MODELS.forum, READ_MODELS.users), async (ctx) => {
    const viewer = await viewerOf(ctx);
    if (!viewer.userId) throw unauthorized();
    if (!viewer.isAdmin) throw forbidden();
    const { status } = decodeOrThrow(ModerationQuery, ctx.query);
    ctx.body = (await model.reports(status ?? 'open')).map(toReportView);
  });

  router.get('/api/ai/profile', reads(READ_MODELS.users), async (ctx) => {
    const userId = signedInUserId(ctx);
    const archetype = userId ? await model.archetypeOf(userId) : null;
    if (!archetype) throw unauthorized();
    const body: AiProfile = {
      primaryArchetype: ARCHETYPES[(archetype in ARCHETYPES ? archetype : DEFAULT_ARCHETYPE) as ArchetypeId].title,
    };
    ctx.body = body;
  });

  return router;
}
