import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BackgroundVideo } from '../../components/background-video';
import { PageHero } from '../../components/page-hero';
import { useCurrentUser } from '../session/use-current-user';
import { CampfirePostCard } from './campfire-post-card';
import { CampfirePostDetail } from './campfire-post-detail';
import { CampfireSidebar } from './campfire-sidebar';
import { type CampfireCard, padWithStories } from './community-stories';
import { CrisisDialog } from './crisis-dialog';
import { useGetAiProfileQuery, useGetForumCategoriesQuery, useGetForumPostsQuery } from './forum-api';
import { NewPostDialog } from './new-post-dialog';
import { ReplyDialog } from './reply-dialog';

/** Spec 001 §2, §4 variant B: the Campfire board at /member/forum. Anyone may read; posting and replying need sign-in. */
export default function CampfireForumPage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [openCard, setOpenCard] = useState<CampfireCard | null>(null);
  const [composing, setComposing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [crisis, setCrisis] = useState(false);
  const profile = useGetAiProfileQuery(undefined, { skip: !user });
  const categories = useGetForumCategoriesQuery('campfire');
  const posts = useGetForumPostsQuery({ board: 'campfire', categoryId: categoryId ?? undefined });
  const cards = useMemo(() => (posts.data ? padWithStories(posts.data, categoryId) : []), [posts.data, categoryId]);
  const categoryOf = (id: number) => categories.data?.find((category) => category.id === id);
  const heading = categoryId === null ? 'Recent Discussions' : (categoryOf(categoryId)?.name ?? 'Recent Discussions');

  /** Signed out, writing starts with signing in. */
  const whenSignedIn = (open: () => void) => () => (user ? open() : navigate('/signin'));

  const selectCategory = (id: number | null) => {
    setCategoryId(id);
    setOpenCard(null);
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
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 }, display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {openCard ? (
            <CampfirePostDetail card={openCard} categoryOf={categoryOf} onBack={() => setOpenCard(null)} onReply={whenSignedIn(() => setReplying(true))} />
          ) : (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
                <Typography variant="h3" component="h2">
                  {heading}
                </Typography>
                <Button variant="contained" color="secondary" startIcon={<AddIcon />} onClick={whenSignedIn(() => setComposing(true))}>
                  New Post
                </Button>
              </Box>
              {posts.isLoading && (
                <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
                  <CircularProgress size={24} color="secondary" aria-hidden /> Loading discussions...
                </Box>
              )}
              {posts.isError && <Alert severity="error">Failed to fetch posts</Alert>}
              {posts.data && cards.length === 0 && (
                <Box sx={{ textAlign: 'center', py: 6 }}>
                  <Typography variant="h5" component="p">
                    No discussions yet in this category.
                  </Typography>
                  <Typography color="text.secondary">Be the first to start a conversation!</Typography>
                </Box>
              )}
              <Box sx={{ display: 'grid', gap: 2 }}>
                {cards.map((card) => (
                  <CampfirePostCard key={card.id} card={card} category={categoryOf(card.categoryId)} onOpen={() => setOpenCard(card)} />
                ))}
              </Box>
            </>
          )}
        </Box>
        <CampfireSidebar primaryArchetype={profile.data?.primaryArchetype} categories={categories.data ?? []} selected={categoryId} onSelect={selectCategory} />
      </Container>

      <NewPostDialog open={composing} onClose={() => setComposing(false)} categories={categories.data ?? []} onCrisis={() => setCrisis(true)} />
      {openCard && !openCard.isSample && <ReplyDialog postId={openCard.id} open={replying} onClose={() => setReplying(false)} onCrisis={() => setCrisis(true)} />}
      <CrisisDialog open={crisis} onClose={() => setCrisis(false)} />
    </>
  );
}
