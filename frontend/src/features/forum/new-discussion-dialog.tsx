import TextField from '@mui/material/TextField';
import { DEFAULT_RESPONDER_CATEGORY, type ForumCategory, ResponderPostRequest } from '@reflections/contracts/forum';
import { LimitedTextField, overAnyLimit } from '../../components/limited-text-field';
import { textLimitsOf } from '../../lib/text-limits';
import { useCodecForm } from '../../lib/use-codec-form';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { ForumFormDialog } from './forum-form-dialog';
import { useCreateForumPostMutation } from './forum-api';
import { useForumSend } from './use-forum-send';

const EMPTY = { title: '', content: '', category: DEFAULT_RESPONDER_CATEGORY, isAnonymous: false };
const LIMITS = textLimitsOf(ResponderPostRequest);

type NewDiscussionDialogProps = {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly categories: readonly ForumCategory[];
  readonly onCrisis: () => void;
};

/** Variant A's new discussion (docs/product.md#forum-boards): Post stays disabled until title and content have text. */
export function NewDiscussionDialog({ open, onClose, categories, onCrisis }: NewDiscussionDialogProps) {
  const { user } = useCurrentUser();
  const form = useCodecForm(ResponderPostRequest, EMPTY, {
    draftKey: user ? `forum-discussion.${user.id}` : null,
  });
  const values = form.values;
  const [create, { isLoading }] = useCreateForumPostMutation();
  const send = useForumSend({ done: 'Post created successfully', reset: form.reset, then: onClose, onCrisis });
  const ready = values.title.trim() !== '' && values.content.trim() !== '' && !overAnyLimit(values, LIMITS);

  const post = form.onSubmit((request) => send(() => create(request).unwrap()));

  return (
    <ForumFormDialog
      open={open}
      onClose={onClose}
      titleId="new-discussion-title"
      title="Start a New Discussion"
      anonymous={values.isAnonymous}
      onAnonymous={(isAnonymous) => form.set('isAnonymous', isAnonymous)}
      action="Post"
      busy={isLoading}
      notReady={!ready}
      onSend={(event) => void post(event)}
    >
      <LimitedTextField label="Title" limit={LIMITS.title} autoFocus {...form.field('title')} />
      <TextField
        select
        label="Topic"
        {...form.field('category')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {categories.map((category) => (
          <option key={category.key} value={category.key}>
            {category.name}
          </option>
        ))}
      </TextField>
      {/* Never cut silently at the maximum: the field says it, counts near it, and Post waits. */}
      <LimitedTextField
        label="What's on your mind?"
        multiline
        minRows={5}
        limit={LIMITS.content}
        {...form.field('content')}
      />
    </ForumFormDialog>
  );
}
