import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { isMenu, type NavEntry, type NavLinkItem } from './nav-links';

/** A drawer's navigation: each link a list item, each menu a subheaded list of its links. */
export function NavEntryList({
  entries,
  onNavigate,
  sx,
}: {
  readonly entries: readonly NavEntry[];
  readonly onNavigate: () => void;
  readonly sx?: SxProps<Theme>;
}) {
  const link = (item: NavLinkItem, inset = false) => (
    <ListItem key={item.to} disablePadding>
      <ListItemButton component={RouterLink} to={item.to} onClick={onNavigate} sx={{ pl: inset ? 4 : 2 }}>
        {item.label}
      </ListItemButton>
    </ListItem>
  );
  return (
    <List sx={sx}>
      {entries.map((entry) =>
        isMenu(entry) ? (
          <li key={entry.label}>
            <List
              disablePadding
              subheader={<ListSubheader sx={{ bgcolor: 'transparent' }}>{entry.label}</ListSubheader>}
            >
              {entry.items.map((item) => link(item, true))}
            </List>
          </li>
        ) : (
          link(entry)
        ),
      )}
    </List>
  );
}
