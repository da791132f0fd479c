import AddIcon from '@mui/icons-material/Add';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import PushPinIcon from '@mui/icons-material/PushPin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ForumPostView } from '@reflections/contracts/forum';
import { DELETED_BY_AUTHOR } from '@reflections/contracts/forum-edits';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { authorLabel, FELLOW_RESPONDER } from './author-label';
import { AwaitingReview } from './awaiting-review';
import { ContentActions } from './content-actions';
import { DeletedNote } from './content-state';
import { CrisisDialog } from './crisis-dialog';
import { DiscussionDialog } from './discussion-dialog';
import { forumDate } from './forum-date';
import { ForumSearch } from './forum-search';
import { useGetForumCategoriesQuery } from './forum-api';
import { LoadMore } from './load-more';
import { NewDiscussionDialog } from './new-discussion-dialog';
import { SlowModeNotice } from './slow-mode-notice';
import { ALL_TOPICS, TopicGrid } from './topic-grid';
import { NewPostsBanner } from './new-posts-banner';
import { useForumFeed } from './use-forum-feed';
import { useLivePost } from './use-live-post';
import { usePostRoute } from './use-post-route';

function PostCard({
  post,
  topic,
  onOpen,
}: {
  readonly post: ForumPostView;
  readonly topic: string;
  readonly onOpen: () => void;
}) {
  return (
    <Card
      component="article"
      aria-label={post.isDeleted ? DELETED_BY_AUTHOR : post.title}
      variant="outlined"
      sx={{ position: 'relative', minWidth: 0, opacity: post.isHidden ? 0.6 : 1 }}
    >
      <CardActionArea onClick={onOpen} sx={{ p: 2, pr: { xs: 2, sm: 14 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          {post.isPinned && <PushPinIcon fontSize="small" color="secondary" titleAccess="Pinned" />}
          {post.isDeleted ? (
            <DeletedNote variant="h6" component="h3" />
          ) : (
            <Typography variant="h6" component="h3" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {post.title}
            </Typography>
          )}
        </Box>
        <Typography
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            mb: 1,
          }}
        >
          {post.content}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">{authorLabel(post, FELLOW_RESPONDER)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {forumDate(post.createdAt)}
          </Typography>
          <Chip size="small" label={topic} />
          <AwaitingReview awaitingReview={post.awaitingReview} />
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <ChatBubbleOutlineIcon fontSize="inherit" aria-hidden /> {post.replyCount}{' '}
            {post.replyCount === 1 ? 'reply' : 'replies'}
          </Typography>
        </Box>
      </CardActionArea>
      <Box sx={{ position: { sm: 'absolute' }, top: 8, right: 8, px: { xs: 1, sm: 0 }, pb: { xs: 1, sm: 0 } }}>
        <ContentActions postId={post.id} isHidden={post.isHidden} isPinned={post.isPinned} />
      </Box>
    </Card>
  );
}

/** docs/product.md#forum-boards, variant A: the first-responder forum at /digital-campfire-forum (sign-in is checked by the route). */
export default function ResponderForumPage() {
  const [topic, setTopic] = useState(ALL_TOPICS);
  const [composing, setComposing] = useState(false);
  const { postId } = useParams();
  const route = usePostRoute('/digital-campfire-forum', postId, false);
  const [crisis, setCrisis] = useState(false);
  const categories = useGetForumCategoriesQuery('first-responders');
  const [words, setWords] = useState('');
  // The route lets only members in: the board and an open post follow the live stream.
  const feed = useForumFeed({ board: 'first-responders', category: topic, q: words || undefined }, true);
  useLivePost(postId, true);
  const topicName = (key: string) => categories.data?.find((category) => category.key === key)?.name ?? key;

  return (
    // Issue 26: one long unbroken string (a URL) wraps instead of widening the page past a phone's 390 px.
    <Container
      component="main"
      maxWidth="lg"
      sx={{
        py: { xs: 4, md: 6 },
        display: 'grid',
        gap: 4,
        gridTemplateColumns: 'minmax(0, 1fr)',
        overflowWrap: 'anywhere',
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        <Box>
          <Chip label="First Responders Only" color="secondary" size="small" sx={{ mb: 1.5, fontWeight: 700 }} />
          <Typography variant="h2" component="h1">
            Digital Campfire
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
            A place for those who run toward the call to talk about what comes after it. Post under your name or
            anonymously.
          </Typography>
        </Box>
        <Button variant="contained" color="secondary" startIcon={<AddIcon />} onClick={() => setComposing(true)}>
          New Discussion
        </Button>
      </Box>

      <TopicGrid categories={categories.data ?? []} selected={topic} onSelect={setTopic} />

      <Box component="section" aria-labelledby="discussions-heading" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="discussions-heading" variant="h4" component="h2">
          {words ? `Results for “${words}”` : topic === ALL_TOPICS ? 'All Topics' : topicName(topic)}
        </Typography>
        <SlowModeNotice board="first-responders" />
        <ForumSearch onSearch={setWords} />
        <NewPostsBanner feed={feed} />
        {feed.isLoading && (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={24} color="secondary" aria-hidden /> Loading discussions...
          </Box>
        )}
        {feed.isError && <Alert severity="error">Failed to fetch posts</Alert>}
        {feed.loaded && feed.total === 0 && (
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h5" component="p">
              {words ? 'No discussions match your search' : 'No discussions yet'}
            </Typography>
            <Typography color="text.secondary">
              {words ? 'Try other words.' : 'Be the first to start a conversation in this category.'}
            </Typography>
          </Box>
        )}
        {feed.posts.map((post) => (
          <PostCard key={post.id} post={post} topic={topicName(post.category)} onOpen={() => route.open(post.id)} />
        ))}
        <LoadMore feed={feed} />
      </Box>

      <NewDiscussionDialog
        open={composing}
        onClose={() => setComposing(false)}
        categories={categories.data ?? []}
        onCrisis={() => setCrisis(true)}
      />
      <DiscussionDialog postId={postId} onClose={route.close} onCrisis={() => setCrisis(true)} />
      <CrisisDialog open={crisis} onClose={() => setCrisis(false)} />
    </Container>
  );
}
