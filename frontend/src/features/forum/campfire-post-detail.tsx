import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ForumCategory, ForumReplyView } from '@reflections/contracts/forum';
import type { ReactionsView } from '@reflections/contracts/forum-reactions';
import { authorLabel } from './author-label';
import { AwaitingReview } from './awaiting-review';
import { CategoryBadge } from './campfire-post-card';
import { sampleCard } from './community-stories';
import { ContentActions } from './content-actions';
import { DeletedNote, EditedMark } from './content-state';
import { PostUnavailable } from './post-unavailable';
import { forumDate } from './forum-date';
import { OwnActions } from './own-actions';
import { ReactionBar } from './reaction-bar';
import { useGetForumPostQuery } from './forum-api';

type CampfirePostDetailProps = {
  /** The post in the URL: a Community Story is shown from the client, a member's post is fetched with its replies. */
  readonly postId: string;
  readonly categoryOf: (categoryId: number) => ForumCategory | undefined;
  readonly onBack: () => void;
  readonly onReply: () => void;
  readonly onCrisis: () => void;
};

function Reply({
  postId,
  reply,
  reactions,
  onCrisis,
}: {
  readonly postId: string;
  readonly reply: ForumReplyView;
  readonly reactions: ReactionsView | undefined;
  readonly onCrisis: () => void;
}) {
  return (
    <Box
      component="li"
      sx={{
        p: 2,
        borderRadius: 2,
        bgcolor: 'background.paper',
        border: '1px solid',
        borderColor: reply.isHidden ? 'warning.main' : 'divider',
        minWidth: 0,
      }}
    >
      {reply.isDeleted ? (
        <DeletedNote />
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle2">{authorLabel(reply)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {forumDate(reply.createdAt)}
            </Typography>
            <EditedMark editedAt={reply.editedAt} />
            <Box sx={{ flex: 1 }} />
            {reply.isOwn && (
              <OwnActions
                board="campfire"
                postId={postId}
                replyId={reply.id}
                content={reply.content}
                onCrisis={onCrisis}
              />
            )}
            <ContentActions postId={postId} replyId={reply.id} isHidden={reply.isHidden} />
          </Box>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{reply.content}</Typography>
          <ReactionBar postId={postId} replyId={reply.id} reactions={reactions} />
        </>
      )}
    </Box>
  );
}

/** docs/product.md#forum-boards, variant B detail view, at /member/forum/posts/:postId (issue 26). */
export function CampfirePostDetail({ postId, categoryOf, onBack, onReply, onCrisis }: CampfirePostDetailProps) {
  const sample = sampleCard(postId);
  const detail = useGetForumPostQuery(postId, { skip: sample !== null });
  // A post hidden or deleted since it was shown answers 404: its old copy must not stay on screen.
  const post = sample ?? (detail.isError ? undefined : detail.data?.post);
  const replies = detail.data?.replies ?? [];
  const back = (
    <Box>
      <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
        Back to Forum
      </Button>
    </Box>
  );
  if (!post) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {back}
        {detail.isLoading ? <CircularProgress size={24} aria-label="Loading the post" /> : <PostUnavailable />}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      {back}
      <Card variant="outlined" component="article" sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 3, minWidth: 0 }}>
        {post.isDeleted ? (
          <DeletedNote variant="h5" component="h2" />
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <Typography variant="h3" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {post.title}
              </Typography>
              {!sample && <ContentActions postId={post.id} isHidden={post.isHidden} isPinned={post.isPinned} />}
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', my: 2 }}>
              <Typography sx={{ fontWeight: 600 }}>{authorLabel(post)}</Typography>
              <Typography color="text.secondary">{forumDate(post.createdAt)}</Typography>
              <EditedMark editedAt={post.editedAt} />
              <CategoryBadge category={categoryOf(post.categoryId)} />
              <AwaitingReview awaitingReview={post.awaitingReview} />
              {!sample && post.isOwn && (
                <OwnActions
                  board="campfire"
                  postId={post.id}
                  title={post.title}
                  content={post.content}
                  onCrisis={onCrisis}
                />
              )}
            </Box>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 2 }}>{post.content}</Typography>
            {!sample && <ReactionBar postId={post.id} reactions={detail.data?.reactions.post} />}
          </>
        )}
      </Card>

      <Box component="section" aria-labelledby="replies-heading" sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="replies-heading" variant="h5" component="h3">
            Replies ({replies.length})
          </Typography>
          {!sample && !post.isDeleted && (
            <Button variant="contained" color="secondary" onClick={onReply}>
              Reply
            </Button>
          )}
        </Box>
        {replies.length === 0 && (
          <Typography color="text.secondary">No replies yet. Be the first to share your thoughts!</Typography>
        )}
        <Box component="ul" aria-label="Replies" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {replies.map((reply) => (
            <Reply
              key={reply.id}
              postId={post.id}
              reply={reply}
              reactions={detail.data?.reactions.replies[reply.id]}
              onCrisis={onCrisis}
            />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
