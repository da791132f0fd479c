import Alert from '@mui/material/Alert';

/** A post that is hidden, deleted or never was: members are told plainly, never shown an error (issue 26). */
export function PostUnavailable() {
  return (
    <Alert severity="info" role="status">
      This post is no longer available.
    </Alert>
  );
}
