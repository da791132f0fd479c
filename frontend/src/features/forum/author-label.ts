import type { ForumPostView, ForumReplyView } from '@reflections/contracts/forum';

/**
 * Spec 001 §2: anonymous content reads 'Anonymous'; variant A shows 'Fellow Responder'
 * for a named author without a name. The server sends no name for anonymous content at all.
 */
export function authorLabel(content: Pick<ForumPostView | ForumReplyView, 'isAnonymous' | 'userName'>, unnamed = 'Anonymous'): string {
  if (content.isAnonymous) return 'Anonymous';
  return content.userName?.trim() || unnamed;
}

export const FELLOW_RESPONDER = 'Fellow Responder';
