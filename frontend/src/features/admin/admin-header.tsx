import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ThemeModeToggle } from '../../components/theme-mode-toggle';
import type { LiveState } from './live-updates';

const CONNECTION_LABELS: Record<LiveState['connection'], string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};

type HeaderProps = {
  readonly title: string;
  readonly connection: LiveState['connection'];
  readonly onOpenMenu: () => void;
};

/** The current tab, whether figures are live, and the way out (docs/product.md#admin-panel: to /dashboard and /). */
export function AdminHeader({ title, connection, onOpenMenu }: HeaderProps) {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.default' }}
    >
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
        <IconButton edge="start" onClick={onOpenMenu} aria-label="Open the admin menu" sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Chip
          size="small"
          label={CONNECTION_LABELS[connection]}
          color={connection === 'live' ? 'success' : 'default'}
          variant={connection === 'live' ? 'filled' : 'outlined'}
          aria-live="polite"
          aria-label={`Live updates: ${CONNECTION_LABELS[connection]}`}
        />
        <Stack direction="row" sx={{ gap: 1 }}>
          <ThemeModeToggle />
          <Button component={RouterLink} to="/dashboard" variant="outlined">
            Member dashboard
          </Button>
          <Button component={RouterLink} to="/" variant="text">
            Home
          </Button>
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
