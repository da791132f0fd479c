import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BackgroundVideo } from '../../components/background-video';
import { PageHero } from '../../components/page-hero';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { CampfirePostCard } from './campfire-post-card';
import { CampfirePostDetail } from './campfire-post-detail';
import { CampfireSidebar, circleOf } from './campfire-sidebar';
import { CategoryFilter } from './category-filter';
import { isSampleId, padWithStories } from './community-stories';
import { CrisisDialog } from './crisis-dialog';
import { ForumSearch } from './forum-search';
import { useGetAiProfileQuery, useGetCircleFiguresQuery, useGetForumCategoriesQuery } from './forum-api';
import { LoadMore } from './load-more';
import { NewPostDialog } from './new-post-dialog';
import { SlowModeNotice } from './slow-mode-notice';
import { ReplyDialog } from './reply-dialog';
import { NewPostsBanner } from './new-posts-banner';
import { useForumFeed } from './use-forum-feed';
import { useLivePost } from './use-live-post';
import { usePostRoute } from './use-post-route';

/** docs/product.md#forum-boards, variant B: the Campfire board at /member/forum. Anyone may read; posting and replying need sign-in. */
export default function CampfireForumPage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [circleShown, setCircleShown] = useState(false);
  const { postId } = useParams();
  const route = usePostRoute('/member/forum', postId, true);
  const [composing, setComposing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [crisis, setCrisis] = useState(false);
  const profile = useGetAiProfileQuery(undefined, { skip: !user });
  const figures = useGetCircleFiguresQuery(undefined, { skip: !user });
  const categories = useGetForumCategoriesQuery('campfire');
  const [words, setWords] = useState('');
  // Signed in, the board and an open post follow the live stream (issue 26).
  const feed = useForumFeed(
    { board: 'campfire', categoryId: categoryId ?? undefined, q: words || undefined, circle: circleShown || undefined },
    Boolean(user),
  );
  useLivePost(postId !== undefined && !isSampleId(postId) ? postId : undefined, Boolean(user));
  // Community Stories pad a short list, never search results.
  const cards = useMemo(() => {
    if (!feed.loaded) return [];
    return words || circleShown
      ? feed.posts.map((post) => ({ ...post, isSample: false }))
      : padWithStories(feed.posts, categoryId);
  }, [feed.loaded, feed.posts, categoryId, words, circleShown]);
  const categoryOf = (id: number) => categories.data?.find((category) => category.id === id);
  const heading = circleShown
    ? `Your Circle: ${circleOf(profile.data?.primaryArchetype).groupName}`
    : categoryId === null
      ? 'Recent Discussions'
      : (categoryOf(categoryId)?.name ?? 'Recent Discussions');

  /** Signed out, writing starts with signing in. */
  const whenSignedIn = (open: () => void) => () => (user ? open() : navigate('/signin'));

  const selectCategory = (id: number | null) => {
    setCategoryId(id);
    setCircleShown(false);
    route.close();
  };

  /** Issue 26: "View Group Activity" lists his circle's recent posts. */
  const showCircle = () => {
    setCategoryId(null);
    setCircleShown(true);
    route.close();
  };

  return (
    <>
      <PageHero
        tone="dark"
        title="Digital Campfire"
        subtitle="Gather around the fire: authentic connection, shared wisdom and the warmth of brotherhood."
        background={<BackgroundVideo clip="campfire" />}
        minHeight="40vh"
      />
      {/* Issue 26: one long unbroken string (a URL) wraps instead of widening the page past a phone's 390 px. */}
      <Container
        component="main"
        maxWidth="lg"
        sx={{
          py: { xs: 4, md: 6 },
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
          overflowWrap: 'anywhere',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {postId !== undefined && (
            <CampfirePostDetail
              postId={postId}
              categoryOf={categoryOf}
              onBack={route.close}
              onReply={whenSignedIn(() => setReplying(true))}
              onCrisis={() => setCrisis(true)}
            />
          )}
          {/* The list stays mounted under an open post, so Back finds it as it was. */}
          <Box sx={{ display: postId === undefined ? 'grid' : 'none', gap: 2, minWidth: 0 }}>
            <Box
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
            >
              <Typography variant="h3" component="h2">
                {words ? `Results for “${words}”` : heading}
              </Typography>
              <Button
                variant="contained"
                color="secondary"
                startIcon={<AddIcon />}
                onClick={whenSignedIn(() => setComposing(true))}
              >
                New Post
              </Button>
            </Box>
            <Box component="nav" aria-label="Categories" sx={{ display: { xs: 'block', md: 'none' }, minWidth: 0 }}>
              <CategoryFilter
                categories={categories.data ?? []}
                selected={circleShown ? undefined : categoryId}
                onSelect={selectCategory}
                layout="row"
              />
            </Box>
            <SlowModeNotice board="campfire" />
            <ForumSearch onSearch={setWords} />
            <NewPostsBanner feed={feed} />
            {feed.isLoading && (
              <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
                <CircularProgress size={24} color="secondary" aria-hidden /> Loading discussions...
              </Box>
            )}
            {feed.isError && <Alert severity="error">Failed to fetch posts</Alert>}
            {feed.loaded && cards.length === 0 && (
              <Box sx={{ textAlign: 'center', py: 6 }}>
                <Typography variant="h5" component="p">
                  {words
                    ? 'No discussions match your search.'
                    : circleShown
                      ? 'No one in your circle has posted under his name yet.'
                      : 'No discussions yet in this category.'}
                </Typography>
                <Typography color="text.secondary">
                  {words ? 'Try other words.' : 'Be the first to start a conversation!'}
                </Typography>
              </Box>
            )}
            <Box sx={{ display: 'grid', gap: 2 }}>
              {cards.map((card) => (
                <CampfirePostCard
                  key={card.id}
                  card={card}
                  category={categoryOf(card.categoryId)}
                  onOpen={() => route.open(card.id)}
                />
              ))}
            </Box>
            <LoadMore feed={feed} />
          </Box>
        </Box>
        <CampfireSidebar
          primaryArchetype={profile.data?.primaryArchetype}
          figures={figures.data}
          circleShown={circleShown}
          onShowCircle={showCircle}
          categories={categories.data ?? []}
          selected={categoryId}
          onSelect={selectCategory}
        />
      </Container>

      <NewPostDialog
        open={composing}
        onClose={() => setComposing(false)}
        categories={categories.data ?? []}
        onCrisis={() => setCrisis(true)}
      />
      {postId !== undefined && !isSampleId(postId) && (
        <ReplyDialog
          postId={postId}
          open={replying}
          onClose={() => setReplying(false)}
          onCrisis={() => setCrisis(true)}
        />
      )}
      <CrisisDialog open={crisis} onClose={() => setCrisis(false)} />
    </>
  );
}
