import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  CampfirePostEdit,
  CampfireReplyRequest,
  type ForumBoard,
  ResponderPostEdit,
  ResponderReplyRequest,
} from '@reflections/contracts/forum';
import type * as t from 'io-ts';
import { useState } from 'react';
import { LimitedTextField } from '../../components/limited-text-field';
import { errorBody } from '../../lib/api';
import { serverMessage } from '../../lib/server-message';
import { textLimitsOf } from '../../lib/text-limits';
import { useToast } from '../../lib/toast';
import { useDeleteForumContentMutation, useEditForumContentMutation } from './forum-api';
import { useForumSend } from './use-forum-send';
import { useCodecForm } from '../../lib/use-codec-form';

type Own = {
  readonly board: ForumBoard;
  readonly postId: string;
  /** A reply's id; none for the post itself. */
  readonly replyId?: string;
  readonly title?: string;
  readonly content: string;
  /** The edited words hold crisis language: show the author the crisis lines. */
  readonly onCrisis: () => void;
};

/** The board's rules for the words, the same as for new ones (docs/product.md#forum-boards). */
const codecOf = (board: ForumBoard, isPost: boolean): t.Decoder<unknown, { title?: string; content: string }> =>
  isPost
    ? board === 'campfire'
      ? CampfirePostEdit
      : ResponderPostEdit
    : board === 'campfire'
      ? CampfireReplyRequest
      : ResponderReplyRequest;

function EditDialog({
  board,
  postId,
  replyId,
  title,
  content,
  onCrisis,
  onClose,
}: Own & { readonly onClose: () => void }) {
  const isPost = replyId === undefined;
  const codec = codecOf(board, isPost);
  const limits = textLimitsOf(codec);
  const form = useCodecForm(codec, isPost ? { title: title ?? '', content } : { content });
  const [edit, { isLoading }] = useEditForumContentMutation();
  const send = useForumSend({
    doneTitle: 'Saved',
    done: isPost ? 'Your post has been updated.' : 'Your reply has been updated.',
    failed: 'Your changes could not be saved. Please try again.',
    then: onClose,
    onCrisis,
  });
  const save = form.onSubmit((body) =>
    send(() =>
      edit({
        postId,
        replyId,
        body: isPost ? { title: body.title, content: body.content } : { content: body.content },
      }).unwrap(),
    ),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-title" fullWidth maxWidth="sm">
      <DialogTitle id="edit-title">{isPost ? 'Edit your post' : 'Edit your reply'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
        {isPost && limits.title && <LimitedTextField label="Title" limit={limits.title} {...form.field('title')} />}
        {limits.content && (
          <LimitedTextField
            label={isPost ? 'Your words' : 'Your reply'}
            multiline
            minRows={4}
            limit={limits.content}
            {...form.field('content')}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={(event) => void save(event)} variant="contained" color="secondary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteDialog({
  postId,
  replyId,
  onClose,
}: Pick<Own, 'postId' | 'replyId'> & { readonly onClose: () => void }) {
  const [remove, { isLoading }] = useDeleteForumContentMutation();
  const { toast } = useToast();
  const what = replyId ? 'reply' : 'post';
  const confirm = async () => {
    try {
      await remove({ postId, replyId }).unwrap();
      toast({ title: 'Deleted', description: `Your ${what} has been deleted.`, variant: 'success' });
      onClose();
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(errorBody(error), `Your ${what} could not be deleted. Please try again.`),
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-title">Delete your {what}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {replyId
            ? 'It will read “Deleted by its author” where it stood.'
            : 'It will read “Deleted by its author” where it stood; the replies to it stay.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep it</Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={isLoading}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Issue 26: the author's Edit and Delete on his own post or reply. */
export function OwnActions(own: Own) {
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const what = own.replyId ? 'reply' : 'post';
  return (
    <>
      <Button size="small" onClick={() => setOpen('edit')} aria-label={`Edit your ${what}`}>
        Edit
      </Button>
      <Button size="small" color="error" onClick={() => setOpen('delete')} aria-label={`Delete your ${what}`}>
        Delete
      </Button>
      {open === 'edit' && <EditDialog {...own} onClose={() => setOpen(null)} />}
      {open === 'delete' && <DeleteDialog postId={own.postId} replyId={own.replyId} onClose={() => setOpen(null)} />}
    </>
  );
}
