import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { ForumBoard } from '@reflections/contracts/forum';
import type { ForumNotificationView } from '@reflections/contracts/forum-notifications';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { visuallyHidden } from '../../lib/visually-hidden';
import { forumDate } from './forum-date';
import { useGetForumNotificationsQuery, useMarkNotificationsReadMutation } from './notifications-api';

const BOARD_PATHS: Record<ForumBoard, string> = {
  campfire: '/member/forum',
  'first-responders': '/digital-campfire-forum',
};

/** "Alex replied to your post", "Someone replied in a thread you joined": an anonymous replier is never named. */
export function notificationText(notification: ForumNotificationView): string {
  const who = notification.replierName ?? 'Someone';
  return notification.kind === 'reply-to-your-post'
    ? `${who} replied to your post`
    : `${who} replied in a thread you joined`;
}

/**
 * Issue 26: the bell in the member bar. Its badge is the unread count, kept current over the
 * forum's live stream; its menu lists the newest replies, each opening its post and marked read.
 */
export function NotificationsMenu() {
  const { data } = useGetForumNotificationsQuery();
  const [markRead] = useMarkNotificationsReadMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const menuId = useId();
  const unread = data?.unread ?? 0;
  // The badge's text is part of the button's name (a screen reader hears what the eye sees).
  const shownCount = unread > 99 ? '99+' : String(unread);
  const notifications = data?.notifications ?? [];
  const close = () => setAnchor(null);

  const open = (notification: ForumNotificationView) => {
    close();
    if (!notification.read) void markRead({ notificationId: notification.id });
    navigate(`${BOARD_PATHS[notification.board]}/posts/${notification.postId}`);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? `Notifications, ${shownCount} unread` : 'Notifications'}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread > 0 ? shownCount : undefined} color="error">
          <NotificationsNoneOutlinedIcon />
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{
          list: { 'aria-label': 'Notifications' },
          paper: { sx: { width: 'min(360px, 92vw)', maxHeight: 480 } },
        }}
      >
        {notifications.length === 0 && (
          <MenuItem disabled sx={{ whiteSpace: 'normal' }}>
            No notifications yet. Replies to your posts, and to threads you reply in, show up here.
          </MenuItem>
        )}
        {notifications.map((notification) => (
          <MenuItem
            key={notification.id}
            onClick={() => open(notification)}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', gap: 1 }}
          >
            <Box
              aria-hidden
              sx={{
                mt: 0.75,
                width: 8,
                height: 8,
                flexShrink: 0,
                borderRadius: '50%',
                bgcolor: notification.read ? 'transparent' : 'error.main',
              }}
            />
            <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Typography variant="body2" sx={{ fontWeight: notification.read ? 400 : 700 }}>
                {notificationText(notification)}
                {!notification.read && (
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    (unread)
                  </Box>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                “{notification.postTitle}” · {forumDate(notification.createdAt)}
              </Typography>
            </Box>
          </MenuItem>
        ))}
        {unread > 0 && <Divider />}
        {unread > 0 && (
          <Box sx={{ px: 2, py: 1 }}>
            <Button size="small" onClick={() => void markRead({})}>
              Mark all as read
            </Button>
          </Box>
        )}
      </Menu>
    </>
  );
}
