import * as t from 'io-ts';
import { ForumPostView, PostListQuery } from './forum';
import { boundedText, uuid, withMessage } from './validation';

/**
 * Keyset paging of the forum's lists (issue 26): a page of 20, and a cursor naming the last
 * post shown, so the next page starts after it however many posts arrived meanwhile. The
 * cursor is that post's id and nothing more: the server reads where it sits in the order,
 * so no cursor carries an anonymous post's exact time.
 */
export const FORUM_PAGE_SIZE = 20;

export const PAGE_MESSAGES = {
  cursor: 'This page link is not valid; please reload the list',
  search: 'Please type between 2 and 100 characters to search',
  circle: 'circle can only be "mine"',
} as const;

/** `after`: the id of the last post already shown. */
export const Cursor = uuid(PAGE_MESSAGES.cursor);

/** GET /api/forum/feed: the list's filters (as GET /api/forum/posts) and where the page starts. */
export const PostPageQuery = t.exact(
  t.partial({
    ...PostListQuery.type.props,
    after: Cursor,
    circle: withMessage(t.literal('mine'), PAGE_MESSAGES.circle),
  }),
);
export type PostPageQuery = t.TypeOf<typeof PostPageQuery>;

/** A page of posts, the number of posts the whole list holds, and the cursor of the next page (null on the last). */
export const ForumPostPage = t.type({
  posts: t.array(ForumPostView),
  total: t.number,
  nextCursor: t.union([t.string, t.null]),
});
export type ForumPostPage = t.TypeOf<typeof ForumPostPage>;

/** GET /api/forum/search: words to find in a board's titles and posts, paged like the lists. */
export const PostSearchQuery = t.exact(
  t.intersection([
    t.type({
      q: boundedText({
        min: 2,
        max: 100,
        tooShort: PAGE_MESSAGES.search,
        tooLong: PAGE_MESSAGES.search,
        label: 'Search',
        singleLine: true,
      }),
    }),
    t.partial({ ...PostListQuery.type.props, after: Cursor }),
  ]),
);
export type PostSearchQuery = t.TypeOf<typeof PostSearchQuery>;
