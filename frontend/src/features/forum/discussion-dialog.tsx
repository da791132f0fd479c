import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { ResponderReplyRequest } from '@reflections/contracts/forum';
import { LimitedTextField, overAnyLimit } from '../../components/limited-text-field';
import { textLimitsOf } from '../../lib/text-limits';
import { useCodecForm } from '../../lib/use-codec-form';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { AnonymousToggle } from './anonymous-toggle';
import { authorLabel, FELLOW_RESPONDER } from './author-label';
import { AwaitingReview } from './awaiting-review';
import { ContentActions } from './content-actions';
import { DeletedNote, EditedMark } from './content-state';
import { forumDate } from './forum-date';
import { useAddForumReplyMutation, useGetForumPostQuery } from './forum-api';
import { OwnActions } from './own-actions';
import { PostUnavailable } from './post-unavailable';
import { ReactionBar } from './reaction-bar';
import { useForumSend } from './use-forum-send';

const REPLY_LIMITS = textLimitsOf(ResponderReplyRequest);
const EMPTY_REPLY = { content: '', isAnonymous: false };

type DiscussionDialogProps = {
  readonly postId: string | undefined;
  readonly onClose: () => void;
  readonly onCrisis: () => void;
};

/** Variant A's discussion, at /digital-campfire-forum/posts/:postId (issue 26): the post, its replies and the reply form. */
export function DiscussionDialog({ postId, onClose, onCrisis }: DiscussionDialogProps) {
  const detail = useGetForumPostQuery(postId ?? '', { skip: postId === undefined });
  // A post hidden or deleted since it was shown answers 404: its old copy must not stay on screen.
  const post = detail.isError ? undefined : detail.data?.post;
  const replies = detail.data?.replies;
  const { user } = useCurrentUser();
  const form = useCodecForm(ResponderReplyRequest, EMPTY_REPLY, {
    draftKey: user && postId ? `forum-reply.${user.id}.${postId}` : null,
  });
  const reply = form.values;
  const [addReply, { isLoading }] = useAddForumReplyMutation();
  // The discussion stays open after a reply: the reply appears under the post.
  const sendReply = useForumSend({ done: 'Reply added successfully', reset: form.reset, onCrisis });
  const send = form.onSubmit(async (request) => {
    if (post) await sendReply(() => addReply({ postId: post.id, reply: request }).unwrap());
  });

  return (
    <Dialog
      open={postId !== undefined}
      onClose={onClose}
      aria-labelledby="discussion-title"
      fullWidth
      maxWidth="md"
      scroll="paper"
    >
      {!post && (
        <>
          <DialogTitle id="discussion-title">Discussion</DialogTitle>
          <DialogContent dividers>
            {detail.isError ? <PostUnavailable /> : <CircularProgress size={24} aria-label="Loading the discussion" />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
      {post && (
        <>
          <DialogTitle id="discussion-title" sx={{ overflowWrap: 'anywhere' }}>
            {post.isDeleted ? <DeletedNote component="span" variant="inherit" /> : post.title}
          </DialogTitle>
          <DialogContent dividers sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            {!post.isDeleted && (
              <>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="text.secondary">
                    {authorLabel(post, FELLOW_RESPONDER)} · {forumDate(post.createdAt)}
                  </Typography>
                  <EditedMark editedAt={post.editedAt} />
                  <AwaitingReview awaitingReview={post.awaitingReview} />
                  <Box sx={{ flex: 1 }} />
                  {post.isOwn && (
                    <OwnActions
                      board="first-responders"
                      postId={post.id}
                      title={post.title}
                      content={post.content}
                      onCrisis={onCrisis}
                    />
                  )}
                  <ContentActions postId={post.id} isHidden={post.isHidden} isPinned={post.isPinned} />
                </Box>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.content}</Typography>
                <ReactionBar postId={post.id} reactions={detail.data?.reactions.post} />
              </>
            )}
            <Divider />
            <Typography variant="h6" component="h3">
              Replies
            </Typography>
            {replies?.length === 0 && <Typography color="text.secondary">No replies yet.</Typography>}
            <Box component="ul" aria-label="Replies" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {replies?.map((item) => (
                <Box
                  component="li"
                  key={item.id}
                  sx={{
                    p: 1.5,
                    borderRadius: 2,
                    bgcolor: 'rgba(79, 107, 85, 0.08)',
                    opacity: item.isHidden ? 0.6 : 1,
                    minWidth: 0,
                  }}
                >
                  {item.isDeleted ? (
                    <DeletedNote variant="body2" />
                  ) : (
                    <>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        <Typography variant="subtitle2">{authorLabel(item, FELLOW_RESPONDER)}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {forumDate(item.createdAt)}
                        </Typography>
                        <EditedMark editedAt={item.editedAt} />
                        <Box sx={{ flex: 1 }} />
                        {item.isOwn && (
                          <OwnActions
                            board="first-responders"
                            postId={post.id}
                            replyId={item.id}
                            content={item.content}
                            onCrisis={onCrisis}
                          />
                        )}
                        <ContentActions postId={post.id} replyId={item.id} isHidden={item.isHidden} />
                      </Box>
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {item.content}
                      </Typography>
                      <ReactionBar
                        postId={post.id}
                        replyId={item.id}
                        reactions={detail.data?.reactions.replies[item.id]}
                      />
                    </>
                  )}
                </Box>
              ))}
            </Box>
            <LimitedTextField
              label="Write a reply"
              multiline
              minRows={3}
              limit={REPLY_LIMITS.content}
              {...form.field('content')}
            />
            <AnonymousToggle
              checked={reply.isAnonymous}
              onChange={(isAnonymous) => form.set('isAnonymous', isAnonymous)}
              disabled={isLoading}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
            <Button
              onClick={(event) => void send(event)}
              variant="contained"
              color="secondary"
              disabled={isLoading || reply.content.trim() === '' || overAnyLimit(reply, REPLY_LIMITS)}
            >
              {isLoading ? 'Replying…' : 'Reply'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
