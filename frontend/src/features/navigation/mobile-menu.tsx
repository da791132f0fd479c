import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import { Link as RouterLink } from 'react-router-dom';
import { ThemeModeToggle } from '../../components/theme-mode-toggle';
import { NAV_ENTRIES, isMenu, type NavLinkItem } from './nav-links';

/** The whole navigation in a drawer, for narrow screens. */
export function MobileMenu({ open, onClose, member = false }: { readonly open: boolean; readonly onClose: () => void; readonly member?: boolean }) {
  const link = (item: NavLinkItem, inset = false) => (
    <ListItem key={item.to} disablePadding>
      <ListItemButton component={RouterLink} to={item.to} onClick={onClose} sx={{ pl: inset ? 4 : 2 }}>
        {item.label}
      </ListItemButton>
    </ListItem>
  );

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 'min(320px, 85vw)', bgcolor: 'background.default' } } }}>
      <Box component="nav" aria-label="Menu" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', p: 1 }}>
          <ThemeModeToggle />
          <IconButton aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <List sx={{ flex: 1 }}>
          {NAV_ENTRIES.map((entry) =>
            isMenu(entry) ? (
              <li key={entry.label}>
                <List disablePadding subheader={<ListSubheader sx={{ bgcolor: 'transparent' }}>{entry.label}</ListSubheader>}>
                  {entry.items.map((item) => link(item, true))}
                </List>
              </li>
            ) : (
              link(entry)
            ),
          )}
        </List>
        <Box sx={{ p: 2 }}>
          <Button component={RouterLink} to={member ? '/dashboard' : '/journey'} onClick={onClose} variant="contained" color="secondary" fullWidth size="large">
            {member ? 'Dashboard' : 'Enter'}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
