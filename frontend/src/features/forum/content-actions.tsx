import Box from '@mui/material/Box';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { AdminControls } from './admin-controls';
import { ReportAction } from './report-action';

type ContentActionsProps = {
  readonly postId: string;
  readonly replyId?: string;
  readonly isHidden: boolean;
  readonly isPinned?: boolean;
};

/** The actions on every post and reply: report for signed-in members, moderation for admins. */
export function ContentActions({ postId, replyId, isHidden, isPinned }: ContentActionsProps) {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <ReportAction postId={postId} replyId={replyId} what={replyId ? 'reply' : 'post'} />
      {user.role === 'admin' && (
        <AdminControls postId={postId} replyId={replyId} isHidden={isHidden} isPinned={isPinned} />
      )}
    </Box>
  );
}
