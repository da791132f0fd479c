import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PanelCard } from '../../components/panel-card';
import { useGetUserActivitiesQuery } from './dashboard-api';

const SHOWN = 5;

/** The member's own latest activity, from their events. */
export function ActivityCard() {
  const { data } = useGetUserActivitiesQuery();
  return (
    <PanelCard title="Recent Activity">
      {data && data.length === 0 && <Typography color="text.secondary">Nothing yet.</Typography>}
      <List dense disablePadding>
        {data?.slice(0, SHOWN).map((activity) => (
          <ListItem key={activity.id} disableGutters>
            <ListItemText
              primary={activity.summary}
              secondary={new Date(activity.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
            />
          </ListItem>
        ))}
      </List>
    </PanelCard>
  );
}
