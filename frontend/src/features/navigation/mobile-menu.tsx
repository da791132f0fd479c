import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router-dom';
import { ThemeModeToggle } from '../../components/theme-mode-toggle';
import { NavEntryList } from './nav-entry-list';
import { NAV_ENTRIES } from './nav-links';

/** The whole navigation in a drawer, for narrow screens. */
export function MobileMenu({
  open,
  onClose,
  member = false,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly member?: boolean;
}) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 'min(320px, 85vw)', bgcolor: 'background.default' } } }}
    >
      <Box component="nav" aria-label="Menu" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', p: 1 }}>
          <ThemeModeToggle />
          <IconButton aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <NavEntryList entries={NAV_ENTRIES} onNavigate={onClose} sx={{ flex: 1 }} />
        <Box sx={{ p: 2 }}>
          <Button
            component={RouterLink}
            to={member ? '/dashboard' : '/journey'}
            onClick={onClose}
            variant="contained"
            color="secondary"
            fullWidth
            size="large"
          >
            {member ? 'Dashboard' : 'Enter'}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
