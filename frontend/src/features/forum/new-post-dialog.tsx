import TextField from '@mui/material/TextField';
import { CampfirePostRequest, type ForumCategory } from '@reflections/contracts/forum';
import { LimitedTextField } from '../../components/limited-text-field';
import { textLimitsOf } from '../../lib/text-limits';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { ForumFormDialog } from './forum-form-dialog';
import { useCreateForumPostMutation } from './forum-api';
import { useForumSend } from './use-forum-send';
import { useCodecForm } from '../../lib/use-codec-form';

const EMPTY = { title: '', content: '', categoryId: 0, isAnonymous: false };
const LIMITS = textLimitsOf(CampfirePostRequest);

type NewPostDialogProps = {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly categories: readonly ForumCategory[];
  readonly onCrisis: () => void;
};

/** Variant B's 'Create New Post' (docs/product.md#forum-boards), checked with the API's own codec. */
export function NewPostDialog({ open, onClose, categories, onCrisis }: NewPostDialogProps) {
  const { user } = useCurrentUser();
  const form = useCodecForm(CampfirePostRequest, EMPTY, { draftKey: user ? `forum-post.${user.id}` : null });
  const [create, { isLoading }] = useCreateForumPostMutation();
  const send = useForumSend({
    done: 'Your post has been created successfully!',
    failed: 'Failed to create post. Please try again.',
    reset: form.reset,
    then: onClose,
    onCrisis,
  });
  const submit = form.onSubmit((request) => send(() => create(request).unwrap()));

  return (
    <ForumFormDialog
      open={open}
      onClose={onClose}
      titleId="new-post-title"
      title="Create New Post"
      anonymous={form.values.isAnonymous}
      onAnonymous={(isAnonymous) => form.set('isAnonymous', isAnonymous)}
      action="Create Post"
      busy={isLoading}
      onSend={(event) => void submit(event)}
    >
      <LimitedTextField label="Title" limit={LIMITS.title} autoFocus {...form.field('title')} />
      <TextField
        select
        label="Category"
        name="categoryId"
        {...form.status('categoryId')}
        value={String(form.values.categoryId)}
        onChange={(event) => form.set('categoryId', Number(event.target.value))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="0" disabled>
          Select a category
        </option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </TextField>
      <LimitedTextField
        label="Share your thoughts"
        multiline
        minRows={5}
        limit={LIMITS.content}
        {...form.field('content')}
      />
    </ForumFormDialog>
  );
}
