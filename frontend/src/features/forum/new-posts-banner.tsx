import Button from '@mui/material/Button';
import type { ForumFeed } from './use-forum-feed';

/** Issue 26: "3 new posts" above the list; the list moves only when he asks. */
export function NewPostsBanner({ feed }: { readonly feed: ForumFeed }) {
  if (feed.newPosts === 0) return null;
  return (
    <Button
      variant="contained"
      color="secondary"
      onClick={feed.showNewPosts}
      sx={{ justifySelf: 'center', borderRadius: 999 }}
    >
      {feed.newPosts === 1 ? '1 new post' : `${feed.newPosts} new posts`}
    </Button>
  );
}
