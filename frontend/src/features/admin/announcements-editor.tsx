import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnnouncementRequest, AnnouncementView } from '@reflections/contracts/announcements';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import {
  useEditAnnouncementMutation,
  useGetAdminAnnouncementsQuery,
  usePublishAnnouncementMutation,
  useWithdrawAnnouncementMutation,
} from './admin-api';
import { AnnouncementForm } from './announcement-form';
import { formatDateTime } from './format';
import { WidgetCard } from './widget-card';

/** Publish, edit and withdraw announcements; members' dashboards show the newest two. */
export function AnnouncementsEditor() {
  const { data, isLoading, error } = useGetAdminAnnouncementsQuery();
  const [publish, publishing] = usePublishAnnouncementMutation();
  const [edit, editing] = useEditAnnouncementMutation();
  const [withdraw, withdrawing] = useWithdrawAnnouncementMutation();
  const [editingOne, setEditingOne] = useState<AnnouncementView | null>(null);
  const { toast } = useToast();

  const attempt = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast({ title: done, variant: 'success' });
      return true;
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
      return false;
    }
  };

  const saveEdit = async (request: AnnouncementRequest) => {
    const saved = await attempt(
      () => edit({ id: editingOne!.id, announcement: request }).unwrap(),
      'Announcement updated',
    );
    if (saved) setEditingOne(null);
    return saved;
  };

  return (
    <WidgetCard title="Announcements" subtitle="Members see the newest two on their dashboard">
      <AnnouncementForm
        submitLabel="Publish"
        busy={publishing.isLoading}
        onSubmit={(request) => attempt(() => publish(request).unwrap(), 'Announcement published')}
      />
      <WidgetCard title="Published" loading={isLoading} error={error}>
        {data && data.length === 0 ? (
          <Typography color="text.secondary">No announcements yet.</Typography>
        ) : (
          <List dense disablePadding>
            {data?.map((announcement) => (
              <ListItem key={announcement.id} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={announcement.title}
                  secondary={`${announcement.body} · ${formatDateTime(announcement.publishedAt)}${announcement.editedAt ? ' (edited)' : ''}`}
                  sx={{ minWidth: 200 }}
                />
                <Stack direction="row" sx={{ gap: 1 }}>
                  <Button
                    size="small"
                    onClick={() => setEditingOne(announcement)}
                    aria-label={`Edit ${announcement.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={withdrawing.isLoading}
                    onClick={() => attempt(() => withdraw(announcement.id).unwrap(), 'Announcement withdrawn')}
                    aria-label={`Withdraw ${announcement.title}`}
                  >
                    Withdraw
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </WidgetCard>
      <Dialog
        open={editingOne !== null}
        onClose={() => setEditingOne(null)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="edit-announcement-title"
      >
        <DialogTitle id="edit-announcement-title">Edit announcement</DialogTitle>
        <DialogContent sx={{ pt: 1 }}>
          {editingOne && (
            <AnnouncementForm
              initial={{ title: editingOne.title, body: editingOne.body }}
              submitLabel="Save"
              busy={editing.isLoading}
              onSubmit={saveEdit}
              onCancel={() => setEditingOne(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </WidgetCard>
  );
}
