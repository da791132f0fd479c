import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ForumFeed } from './use-forum-feed';

const discussions = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'discussion' : 'discussions'}`;

/** Under a list: how many of the board's discussions are shown, and the next 20 on request. */
export function LoadMore({ feed }: { readonly feed: ForumFeed }) {
  if (!feed.loaded || feed.total === 0) return null;
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, py: 2 }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {feed.hasMore
          ? `Showing ${feed.posts.length.toLocaleString('en-US')} of ${discussions(feed.total)}`
          : `All ${discussions(feed.total)} shown`}
      </Typography>
      {feed.hasMore && (
        <Button variant="outlined" color="secondary" onClick={feed.loadMore} disabled={feed.isLoadingMore}>
          {feed.isLoadingMore ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </Box>
  );
}
