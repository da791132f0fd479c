import Typography, { type TypographyProps } from '@mui/material/Typography';
import { DELETED_BY_AUTHOR } from '@reflections/contracts/forum-edits';

/** Issue 26: "edited" beside the date of something its author changed. */
export function EditedMark({ editedAt }: { readonly editedAt: string | null }) {
  if (editedAt === null) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      title={`Edited ${new Date(editedAt).toLocaleString()}`}
    >
      (edited)
    </Typography>
  );
}

/** Where a deleted post or reply stood: its replies stay below it. */
export function DeletedNote(props: TypographyProps) {
  return (
    <Typography color="text.secondary" sx={{ fontStyle: 'italic' }} {...props}>
      {DELETED_BY_AUTHOR}
    </Typography>
  );
}
