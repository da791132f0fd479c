import type { ForumPostView, ForumReplyView } from '@reflections/contracts/forum';

/**
 * docs/product.md#forum-boards: anonymous content reads 'Anonymous'; variant A shows 'Fellow Responder'
 * for a named author without a name, which only happens while his account is not yet in the
 * read model (a first name is required). The server sends no name for anonymous content at all;
 * its author is told it is his (isOwn), so he can find his own anonymous posts.
 */
export function authorLabel(
  content: Pick<ForumPostView | ForumReplyView, 'isAnonymous' | 'userName' | 'isOwn'>,
  unnamed = 'Anonymous',
): string {
  if (content.isAnonymous) return content.isOwn ? 'Anonymous (you)' : 'Anonymous';
  return content.userName?.trim() || unnamed;
}

export const FELLOW_RESPONDER = 'Fellow Responder';
