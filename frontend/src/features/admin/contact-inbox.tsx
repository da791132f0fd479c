import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTACT_STATUSES,
  type ContactKind,
  type ContactMessageView,
  type ContactStatus,
} from '@reflections/contracts/contact';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { type InboxFilter, useChangeContactStatusMutation, useGetContactMessagesQuery } from './contact-inbox-api';
import { formatDateTime } from './format';
import { WidgetCard } from './widget-card';

const STATUS_LABELS: Record<ContactStatus, string> = { new: 'New', answered: 'Answered', closed: 'Closed' };
const KIND_LABELS: Record<ContactKind, string | null> = {
  message: null,
  'data-export': 'Data export request',
  'data-erasure': 'Erasure request',
};
// Only forward: the server refuses new after answered, and anything after closed.
const NEXT: Record<ContactStatus, readonly ('answered' | 'closed')[]> = {
  new: ['answered', 'closed'],
  answered: ['closed'],
  closed: [],
};
const ACTION_LABELS = { answered: 'Mark answered', closed: 'Close' } as const;

function MessageItem({ message }: { readonly message: ContactMessageView }) {
  const [change, { isLoading }] = useChangeContactStatusMutation();
  const { toast } = useToast();
  const kind = KIND_LABELS[message.kind];
  const act = async (status: ContactStatus) => {
    try {
      await change({ id: message.id, status }).unwrap();
      toast({ title: `Message ${STATUS_LABELS[status].toLowerCase()}`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <ListItem disableGutters divider sx={{ display: 'grid', gap: 0.5 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle2">
          {message.name} · {message.email}
        </Typography>
        <Chip size="small" label={STATUS_LABELS[message.status]} />
        {kind && <Chip size="small" color="warning" label={kind} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Received {formatDateTime(message.receivedAt)} · about {message.interest}
      </Typography>
      <Typography
        variant="body2"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 120, overflow: 'auto' }}
      >
        {message.message}
      </Typography>
      {NEXT[message.status].length > 0 && (
        <Stack direction="row" sx={{ gap: 1 }}>
          {NEXT[message.status].map((status) => (
            <Button key={status} size="small" disabled={isLoading} onClick={() => act(status)}>
              {ACTION_LABELS[status]}
            </Button>
          ))}
        </Stack>
      )}
    </ListItem>
  );
}

/** Messages from the contact page, newest first; erasure and export requests are marked (issue 24). */
export function ContactInbox() {
  const [filter, setFilter] = useState<InboxFilter>({ status: 'new', page: 1 });
  const { data, isLoading, isFetching, error } = useGetContactMessagesQuery(filter);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <WidgetCard
      title="Contact inbox"
      subtitle="Messages from the contact page, newest first"
      loading={isLoading}
      error={error}
      action={
        <TextField
          select
          size="small"
          label="Status"
          value={filter.status}
          onChange={(event) => setFilter({ status: event.target.value as InboxFilter['status'], page: 1 })}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 130 }}
        >
          <option value="all">All</option>
          {CONTACT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </TextField>
      }
    >
      {data && data.messages.length === 0 ? (
        <Typography color="text.secondary">
          {filter.status === 'all' ? 'No messages yet.' : `No ${STATUS_LABELS[filter.status].toLowerCase()} messages.`}
        </Typography>
      ) : (
        <List dense disablePadding aria-busy={isFetching}>
          {data?.messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </List>
      )}
      {pages > 1 && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Button
            size="small"
            disabled={filter.page <= 1}
            onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
          >
            Newer
          </Button>
          <Typography variant="caption">
            Page {filter.page} of {pages}
          </Typography>
          <Button
            size="small"
            disabled={filter.page >= pages}
            onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
          >
            Older
          </Button>
        </Stack>
      )}
    </WidgetCard>
  );
}
