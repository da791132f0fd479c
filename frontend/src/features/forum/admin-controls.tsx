import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent, ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useModerateForumContentMutation, useSetPostPinnedMutation } from './forum-api';

type Target = { readonly postId: string; readonly replyId?: string; readonly isHidden: boolean; readonly isPinned?: boolean };

function Control({ label, onClick, disabled, children }: { readonly label: string; readonly onClick: () => void; readonly disabled: boolean; readonly children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        disabled={disabled}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          onClick();
        }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** What an admin sees in place on a post or reply: pin (posts), hide or restore, and a mark on hidden content. */
export function AdminControls({ postId, replyId, isHidden, isPinned }: Target) {
  const [setPinned, pinning] = useSetPostPinnedMutation();
  const [moderate, moderating] = useModerateForumContentMutation();
  const { toast } = useToast();
  const what = replyId ? 'reply' : 'post';

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast({ title: 'Done', description: done, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  const busy = pinning.isLoading || moderating.isLoading;

  return (
    <>
      {isHidden && <Chip size="small" color="warning" label="Hidden" />}
      {!replyId && (
        <Control
          label={isPinned ? 'Unpin post' : 'Pin post'}
          disabled={busy}
          onClick={() => run(() => setPinned({ postId, pinned: !isPinned }).unwrap(), isPinned ? 'Post unpinned' : 'Post pinned')}
        >
          {isPinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
        </Control>
      )}
      <Control
        label={isHidden ? `Restore ${what}` : `Hide ${what}`}
        disabled={busy}
        onClick={() => run(() => moderate({ postId, replyId, action: isHidden ? 'restore' : 'hide' }).unwrap(), isHidden ? `The ${what} is visible again` : `The ${what} is hidden from members`)}
      >
        {isHidden ? <VisibilityIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
      </Control>
    </>
  );
}
