import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { FORUM_MESSAGES, MAX_REPORT_REASON_LENGTH } from '@reflections/contracts/forum';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { LimitedTextField } from '../../components/limited-text-field';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useModerateForumContentMutation, useSetPostPinnedMutation } from './forum-api';

type Target = {
  readonly postId: string;
  readonly replyId?: string;
  readonly isHidden: boolean;
  readonly isPinned?: boolean;
};

function Control({
  label,
  onClick,
  disabled,
  children,
}: {
  readonly label: string;
  readonly onClick: () => void;
  readonly disabled: boolean;
  readonly children: ReactNode;
}) {
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
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const action = isHidden ? 'restore' : 'hide';
  const moderateWithReason = () => {
    setAsking(false);
    void run(
      () => moderate({ postId, replyId, action, reason: reason.trim() }).unwrap(),
      isHidden ? `The ${what} is visible again` : `The ${what} is hidden from members`,
    );
    setReason('');
  };

  return (
    <>
      {isHidden && <Chip size="small" color="warning" label="Hidden" />}
      {!replyId && (
        <Control
          label={isPinned ? 'Unpin post' : 'Pin post'}
          disabled={busy}
          onClick={() =>
            run(() => setPinned({ postId, pinned: !isPinned }).unwrap(), isPinned ? 'Post unpinned' : 'Post pinned')
          }
        >
          {isPinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
        </Control>
      )}
      <Control label={isHidden ? `Restore ${what}` : `Hide ${what}`} disabled={busy} onClick={() => setAsking(true)}>
        {isHidden ? <VisibilityIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
      </Control>
      {/* Issue 26: the moderator says why; it is kept on the event with who and when. */}
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        onClick={(event: MouseEvent) => event.stopPropagation()}
        aria-labelledby="moderation-reason-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="moderation-reason-title">
          {isHidden ? `Restore this ${what}?` : `Hide this ${what}?`}
        </DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <LimitedTextField
            label="Why (kept with your action)"
            multiline
            minRows={2}
            fullWidth
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            limit={{ max: MAX_REPORT_REASON_LENGTH, tooLong: FORUM_MESSAGES.moderationReason }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button
            variant="contained"
            color="secondary"
            disabled={reason.trim().length > MAX_REPORT_REASON_LENGTH}
            onClick={moderateWithReason}
          >
            {isHidden ? 'Restore' : 'Hide'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
