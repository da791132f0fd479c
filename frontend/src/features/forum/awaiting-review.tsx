import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

/** Issue 26: only the author (and admins) see a post held by members' reports, and are told why others cannot. */
export function AwaitingReview({ awaitingReview }: { readonly awaitingReview: boolean }) {
  if (!awaitingReview) return null;
  return (
    <Tooltip title="Members reported this post, so it is hidden from others until a moderator has looked at it.">
      <Chip size="small" color="warning" variant="outlined" label="Awaiting review" />
    </Tooltip>
  );
}
