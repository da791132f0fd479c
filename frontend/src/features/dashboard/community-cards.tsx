import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DashboardPayload } from '@reflections/contracts/dashboard';
import { Link as RouterLink } from 'react-router-dom';
import { PanelCard } from '../../components/panel-card';

const ANNOUNCEMENT_LENGTH = 80;
const cut = (text: string) =>
  text.length > ANNOUNCEMENT_LENGTH ? `${text.slice(0, ANNOUNCEMENT_LENGTH).trimEnd()}…` : text;

/** Up to 2 announcements, each cut at 80 characters (docs/product.md#dashboard). */
export function CommunityCard({ announcements }: { readonly announcements: DashboardPayload['announcements'] }) {
  return (
    <PanelCard title="Community">
      {announcements.length === 0 ? (
        <Typography color="text.secondary">
          No announcements right now. News from the Reflections team will appear here.
        </Typography>
      ) : (
        <List disablePadding>
          {announcements.slice(0, 2).map((announcement) => (
            <ListItem key={announcement.id} disableGutters divider>
              <ListItemText primary={announcement.title} secondary={cut(announcement.content)} />
            </ListItem>
          ))}
        </List>
      )}
    </PanelCard>
  );
}

/** The way into the forum. */
export function CampfireCard() {
  return (
    <PanelCard title="Digital Campfire">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Sit with other men who are doing the same work. Share, listen, or just read for now.
      </Typography>
      <Button
        component={RouterLink}
        to="/digital-campfire-forum"
        variant="contained"
        color="primary"
        aria-label="Enter the Digital Campfire"
      >
        Enter
      </Button>
    </PanelCard>
  );
}
