import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { ReportRequest } from '@reflections/contracts/forum';
import { useId, useState } from 'react';
import { LimitedTextField, overAnyLimit } from '../../components/limited-text-field';
import { errorBody, errorMessage } from '../../lib/api';
import { serverMessage } from '../../lib/server-message';
import { textLimitsOf } from '../../lib/text-limits';
import { useToast } from '../../lib/toast';
import { useCodecForm } from '../../lib/use-codec-form';
import { useReportForumContentMutation } from './forum-api';

const REASON_LIMITS = textLimitsOf(ReportRequest);

/** Any signed-in member can flag a post or a reply for a moderator. */
export function ReportAction({
  postId,
  replyId,
  what,
}: {
  readonly postId: string;
  readonly replyId?: string;
  readonly what: 'post' | 'reply';
}) {
  const [open, setOpen] = useState(false);
  const form = useCodecForm(ReportRequest, { reason: '' });
  const [report, { isLoading }] = useReportForumContentMutation();
  const { toast } = useToast();
  const titleId = useId();

  const send = form.onSubmit(async ({ reason }) => {
    try {
      await report({ postId, replyId, reason }).unwrap();
      toast({ title: 'Reported', description: 'Thank you. A moderator will look at it.', variant: 'success' });
      setOpen(false);
      form.reset();
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(errorBody(error), errorMessage(error)),
        variant: 'destructive',
      });
    }
  });

  return (
    <>
      <Tooltip title={`Report this ${what}`}>
        <IconButton
          size="small"
          aria-label={`Report this ${what}`}
          onClick={(event) => {
            event.stopPropagation();
            setOpen(true);
          }}
        >
          <FlagOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
        onClick={(event) => event.stopPropagation()}
      >
        <DialogTitle id={titleId}>Report this {what}</DialogTitle>
        <DialogContent>
          <LimitedTextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label="What is wrong?"
            limit={REASON_LIMITS.reason}
            {...form.field('reason')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            onClick={(event) => void send(event)}
            variant="contained"
            color="secondary"
            disabled={isLoading || form.values.reason.trim() === '' || overAnyLimit(form.values, REASON_LIMITS)}
          >
            {isLoading ? 'Sending…' : 'Send report'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
