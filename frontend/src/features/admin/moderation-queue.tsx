import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FORUM_MESSAGES, MAX_REPORT_REASON_LENGTH, type ModerationReportView } from '@reflections/contracts/forum';
import { useState } from 'react';
import { LimitedTextField } from '../../components/limited-text-field';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { formatDateTime } from './format';
import { type ModerationAction, useGetModerationReportsQuery, useModerateMutation } from './moderation-api';
import { WidgetCard } from './widget-card';

const DONE: Record<ModerationAction['action'], string> = {
  hide: 'Hidden from the forum',
  restore: 'Restored to the forum',
  dismiss: 'Report dismissed',
};

function ReportItem({ report }: { readonly report: ModerationReportView }) {
  const [moderate, { isLoading }] = useModerateMutation();
  const [reason, setReason] = useState('');
  const { toast } = useToast();
  const tooLong = reason.trim().length > MAX_REPORT_REASON_LENGTH;
  const what = report.replyId ? 'reply' : 'post';
  const act = async (target: ModerationAction) => {
    try {
      await moderate(target).unwrap();
      toast({ title: DONE[target.action], variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <ListItem disableGutters divider sx={{ display: 'grid', gap: 0.5 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle2">
          {report.replyId ? `Reply on “${report.postTitle}”` : report.postTitle}
        </Typography>
        {report.contentHidden && <Chip size="small" label="Hidden" />}
      </Stack>
      {/* The server sends 'Anonymous' and no id for anonymous content: nothing here can reveal its author. */}
      <Typography variant="body2" color="text.secondary">
        By {report.authorName} · reported {formatDateTime(report.reportedAt)} · “{report.reason}”
      </Typography>
      <Typography
        variant="body2"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 96, overflow: 'auto' }}
      >
        {report.content}
      </Typography>
      <LimitedTextField
        size="small"
        label="Why (kept with your action)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        limit={{ max: MAX_REPORT_REASON_LENGTH, tooLong: FORUM_MESSAGES.moderationReason }}
      />
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button
          size="small"
          disabled={isLoading || tooLong}
          onClick={() =>
            act({
              postId: report.postId,
              replyId: report.replyId,
              action: report.contentHidden ? 'restore' : 'hide',
              reason: reason.trim(),
            })
          }
        >
          {report.contentHidden ? `Restore ${what}` : `Hide ${what}`}
        </Button>
        <Button
          size="small"
          disabled={isLoading || tooLong || report.status !== 'open'}
          onClick={() =>
            act({ postId: report.postId, reportId: report.reportId, action: 'dismiss', reason: reason.trim() })
          }
        >
          Dismiss report
        </Button>
      </Stack>
    </ListItem>
  );
}

/** The forum's open reports; hiding actions a report, dismissing closes it. */
export function ModerationQueue() {
  const { data, isLoading, error } = useGetModerationReportsQuery('open');
  return (
    <WidgetCard title="Moderation queue" subtitle="Open reports from the forum" loading={isLoading} error={error}>
      {data && data.length === 0 ? (
        <Typography color="text.secondary">No open reports.</Typography>
      ) : (
        <List dense disablePadding>
          {data?.map((report) => (
            <ReportItem key={report.reportId} report={report} />
          ))}
        </List>
      )}
    </WidgetCard>
  );
}
