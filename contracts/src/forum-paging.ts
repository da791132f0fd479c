import * as t from 'io-ts';
import { ForumPostView, PostListQuery } from './forum';
import { boundedText, withMessage } from './validation';

/**
 * Keyset paging of the forum's lists (issue 26): a page of 20, and a cursor naming the last
 * post shown, so the next page starts after it however many posts arrived meanwhile. The
 * cursor is `<key>_<createdAt>_<id>`: the key is 1 for a pinned post and 0 otherwise in a
 * list, a search's rank in a search.
 */
export const FORUM_PAGE_SIZE = 20;

export const PAGE_MESSAGES = {
  cursor: 'This page link is not valid; please reload the list',
  search: 'Please type between 2 and 100 characters to search',
} as const;

const MAX_CURSOR_LENGTH = 100;
const CURSOR_PATTERN = '^(\\d{1,3}(\\.\\d{1,9})?)_(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$';
const CURSOR = new RegExp(CURSOR_PATTERN);

export type PageCursor = { readonly key: string; readonly createdAt: string; readonly id: string };

export const encodeCursor = (cursor: PageCursor) => `${cursor.key}_${cursor.createdAt}_${cursor.id}`;

/** Null unless the text is a cursor whose date is a real one: a cursor reaches SQL only valid. */
export function parseCursor(text: string): PageCursor | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const [, key, , createdAt, id] = match;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== createdAt) return null;
  return { key, createdAt, id };
}

const cursorText = boundedText({ min: 1, max: MAX_CURSOR_LENGTH, tooShort: PAGE_MESSAGES.cursor, tooLong: PAGE_MESSAGES.cursor, label: 'Cursor', singleLine: true });

/** `after`: the cursor of the last post already shown. */
export const Cursor = withMessage(
  Object.assign(
    new t.Type<string, string, unknown>(
      'Cursor',
      (u): u is string => cursorText.is(u) && parseCursor(u) !== null,
      (u, c) => (cursorText.is(u) && parseCursor(u) !== null ? t.success(u) : t.failure(u, c)),
      t.identity,
    ),
    { pattern: CURSOR_PATTERN, maxLength: MAX_CURSOR_LENGTH },
  ),
  PAGE_MESSAGES.cursor,
);

/** GET /api/forum/feed: the list's filters (as GET /api/forum/posts) and where the page starts. */
export const PostPageQuery = t.exact(t.partial({ ...PostListQuery.type.props, after: Cursor }));
export type PostPageQuery = t.TypeOf<typeof PostPageQuery>;

/** A page of posts, the number of posts the whole list holds, and the cursor of the next page (null on the last). */
export const ForumPostPage = t.type({ posts: t.array(ForumPostView), total: t.number, nextCursor: t.union([t.string, t.null]) });
export type ForumPostPage = t.TypeOf<typeof ForumPostPage>;
