import { CampfireReplyRequest } from '@reflections/contracts/forum';
import { LimitedTextField } from '../../components/limited-text-field';
import { textLimitsOf } from '../../lib/text-limits';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { ForumFormDialog } from './forum-form-dialog';
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
    <ForumFormDialog
      open={open}
      onClose={onClose}
      titleId="reply-title"
      title="Reply to Post"
      anonymous={form.values.isAnonymous}
      onAnonymous={(isAnonymous) => form.set('isAnonymous', isAnonymous)}
      action="Post Reply"
      busy={isLoading}
      onSend={(event) => void submit(event)}
    >
      <LimitedTextField
        label="Your reply"
        multiline
        minRows={4}
        autoFocus
        limit={LIMITS.content}
        {...form.field('content')}
      />
    </ForumFormDialog>
  );
}
