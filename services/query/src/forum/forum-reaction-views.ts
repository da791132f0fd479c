import type { ForumPostDetail } from '@reflections/contracts/forum';
import type { ReactionKind, ReactionsView } from '@reflections/contracts/forum-reactions';
import type { Viewer } from './forum-views';

/** A reaction as the read model holds it, with the reacting member's first name. */
export type ReactionRow = {
  target_id: string;
  kind: ReactionKind;
  member_id: string;
  is_anonymous: boolean;
  first_name: string | null;
};

const none = (): ReactionsView => ({
  counts: { 'hear-you': 0, 'been-there': 0, strength: 0 },
  mine: [],
  reactors: null,
});

/**
 * A post's and its replies' reactions as this viewer may see them: counts for everyone, his
 * own kinds, and who reacted only for the author of what was reacted to, never naming a
 * member who reacted anonymously (issue 26).
 */
export function toReactionViews(
  rows: readonly ReactionRow[],
  viewer: Viewer,
  post: { id: string; authorId: string },
  replies: readonly { id: string; authorId: string }[],
): ForumPostDetail['reactions'] {
  const authorOf = new Map([[post.id, post.authorId], ...replies.map((reply) => [reply.id, reply.authorId] as const)]);
  const views = new Map<string, ReactionsView>([...authorOf.keys()].map((id) => [id, none()]));
  for (const row of rows) {
    const view = views.get(row.target_id);
    if (!view) continue;
    view.counts[row.kind] += 1;
    if (row.member_id === viewer.userId) view.mine.push(row.kind);
    if (viewer.userId !== null && authorOf.get(row.target_id) === viewer.userId) {
      const reactors = view.reactors ?? (view.reactors = []);
      if (!row.is_anonymous && row.first_name) reactors.push({ kind: row.kind, name: row.first_name });
    }
  }
  for (const [id, view] of views)
    if (view.reactors === null && viewer.userId !== null && authorOf.get(id) === viewer.userId) view.reactors = [];
  return {
    post: views.get(post.id)!,
    replies: Object.fromEntries(replies.map((reply) => [reply.id, views.get(reply.id)!])),
  };
}
