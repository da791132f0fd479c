import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PanelCard } from '../../components/panel-card';
import { cutAt, useGetJournalEntriesQuery } from './journal-api';

const when = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** The member's newest journal entries (docs/product.md#dashboard: the last 2 on the dashboard). */
export function RecentEntries({ count = 2 }: { readonly count?: number }) {
  const { data, isLoading, isError } = useGetJournalEntriesQuery({ limit: count });
  return (
    <PanelCard
      title="Recent Reflections"
      action={
        <Link component={RouterLink} to="/member/reflections">
          See all
        </Link>
      }
    >
      {isLoading && <Typography color="text.secondary">Loading your reflections…</Typography>}
      {isError && <Typography color="error">Your reflections could not be loaded just now.</Typography>}
      {data && data.entries.length === 0 && (
        <Typography color="text.secondary">
          No reflections yet.{' '}
          <Link component={RouterLink} to="/member/ai-journal">
            Write your first one
          </Link>{' '}
          when you are ready.
        </Typography>
      )}
      {data && data.entries.length > 0 && (
        <List disablePadding>
          {data.entries.map((entry) => (
            <ListItem key={entry.id} disableGutters divider>
              <ListItemText
                primary={cutAt(entry.userResponse)}
                secondary={`${when(entry.createdAt)}${entry.mood ? ` · ${entry.mood}` : ''}${entry.status === 'answered' ? ' · RAI answered' : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </PanelCard>
  );
}
