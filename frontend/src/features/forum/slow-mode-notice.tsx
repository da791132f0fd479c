import Alert from '@mui/material/Alert';
import type { ForumBoard } from '@reflections/contracts/forum';
import { slowModeEvery } from '@reflections/contracts/forum-slow-mode';
import { useGetSlowModeQuery } from './slow-mode-api';

/** Tells members, above the board, that a moderator has slowed it (docs/product.md#slow-mode); nothing when it is off. */
export function SlowModeNotice({ board }: { readonly board: ForumBoard }) {
  const { data } = useGetSlowModeQuery();
  const seconds = data?.find((setting) => setting.board === board)?.seconds ?? 0;
  if (seconds === 0) return null;
  return (
    <Alert severity="info" role="note" aria-label="Slow mode">
      Slow mode: one new post {slowModeEvery(seconds)} per member. Replies are not slowed.
    </Alert>
  );
}
