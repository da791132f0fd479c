import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CampfireReplyRequest } from '@reflections/contracts/forum';
import { LimitedTextField } from '../../components/limited-text-field';
import { textLimitsOf } from '../../lib/text-limits';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { AnonymousToggle } from './anonymous-toggle';
import { useAddForumReplyMutation } from './forum-api';
import { useForumSend } from './use-forum-send';
import { useCodecForm } from '../../lib/use-codec-form';

const EMPTY = { content: '', isAnonymous: false };
const LIMITS = textLimitsOf(CampfireReplyRequest);

type ReplyDialogProps = {
  readonly postId: string;
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onCrisis: () => void;
};

/** Variant B's 'Reply to Post' (docs/product.md#forum-boards). */
export function ReplyDialog({ postId, open, onClose, onCrisis }: ReplyDialogProps) {
  const { user } = useCurrentUser();
  const form = useCodecForm(CampfireReplyRequest, EMPTY, {
    draftKey: user ? `forum-reply.${user.id}.${postId}` : null,
  });
  const [addReply, { isLoading }] = useAddForumReplyMutation();
  const send = useForumSend({
    done: 'Your reply has been posted successfully!',
    failed: 'Failed to post reply. Please try again.',
    reset: form.reset,
    then: onClose,
    onCrisis,
  });
  const submit = form.onSubmit((reply) => send(() => addReply({ postId, reply }).unwrap()));

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="reply-title" fullWidth maxWidth="sm">
      <DialogTitle id="reply-title">Reply to Post</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
        <LimitedTextField
          label="Your reply"
          multiline
          minRows={4}
          autoFocus
          limit={LIMITS.content}
          {...form.field('content')}
        />
        <AnonymousToggle
          checked={form.values.isAnonymous}
          onChange={(isAnonymous) => form.set('isAnonymous', isAnonymous)}
          disabled={isLoading}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={(event) => void submit(event)} variant="contained" color="secondary" disabled={isLoading}>
          {isLoading ? 'Posting…' : 'Post Reply'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
