import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import { type ReactNode, useId, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { useColorMode } from '../../lib/color-mode';
import { MEMBER_NAV } from './member-links';
import { NavDropdown } from './nav-dropdown';
import { NavEntryList } from './nav-entry-list';
import { isMenu } from './nav-links';

export const MEMBER_HEADER_HEIGHT = 64;

/** The current screen's link, or the Campfire menu on either board and its posts (NavDropdown marks it `active`). */
const CURRENT = { '&.active': { color: 'forest.accent' } } as const;

export type MemberHeaderProps = {
  readonly firstName: string | null;
  readonly onSignOut: () => void;
  readonly signingOut: boolean;
  /** The forum's notifications bell (composed by the app: a feature does not import another). */
  readonly notifications?: ReactNode;
};

/**
 * The bar of every signed-in screen: Dashboard, Reflect, Campfire (both boards), Reflections and
 * the account menu (theme, sign out). On a phone: the logo and one menu button, in one row.
 */
export function MemberHeader({ firstName, onSignOut, signingOut, notifications }: MemberHeaderProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <AppBar
      position="sticky"
      elevation={0}
      sx={{
        bgcolor: 'forest.dark',
        color: 'forest.contrastText',
        height: MEMBER_HEADER_HEIGHT,
        justifyContent: 'center',
      }}
    >
      <Toolbar
        component="nav"
        aria-label="Member"
        sx={{ gap: 1, maxWidth: 1400, width: '100%', mx: 'auto', minHeight: `${MEMBER_HEADER_HEIGHT}px !important` }}
      >
        <Box
          component={RouterLink}
          to="/dashboard"
          aria-label="Reflections dashboard"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            mr: 'auto',
            minWidth: 0,
          }}
        >
          <Logo size={28} />
          <Box
            component="span"
            sx={{ letterSpacing: '0.2em', fontWeight: 600, fontSize: { xs: '0.85rem', sm: '1rem' } }}
          >
            REFLECTIONS
          </Box>
        </Box>
        <Box
          component="ul"
          sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
        >
          {MEMBER_NAV.map((entry) => (
            <li key={entry.label}>
              {isMenu(entry) ? (
                <NavDropdown menu={entry} buttonSx={CURRENT} />
              ) : (
                <Button component={NavLink} to={entry.to} end color="inherit" sx={CURRENT}>
                  {entry.label}
                </Button>
              )}
            </li>
          ))}
        </Box>
        {notifications}
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <AccountMenu firstName={firstName} onSignOut={onSignOut} signingOut={signingOut} />
        </Box>
        <IconButton
          color="inherit"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <MemberDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        onSignOut={onSignOut}
        signingOut={signingOut}
      />
    </AppBar>
  );
}

function useThemeSwitch() {
  const { mode, setMode } = useColorMode();
  const dark = mode === 'dark';
  return { label: dark ? 'Light mode' : 'Dark mode', toggle: () => setMode(dark ? 'light' : 'dark') };
}

function AccountMenu({ firstName, onSignOut, signingOut }: Omit<MemberHeaderProps, 'notifications'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const theme = useThemeSwitch();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ maxWidth: 220, textTransform: 'none' }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {firstName ?? 'Account'}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-label': 'Account' } }}
      >
        <MenuItem component={RouterLink} to="/member/settings" onClick={close}>
          Settings
        </MenuItem>
        <MenuItem
          onClick={() => {
            theme.toggle();
            close();
          }}
        >
          {theme.label}
        </MenuItem>
        <MenuItem
          disabled={signingOut}
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}

function MemberDrawer({
  open,
  onClose,
  onSignOut,
  signingOut,
}: { readonly open: boolean; readonly onClose: () => void } & Omit<MemberHeaderProps, 'firstName' | 'notifications'>) {
  const theme = useThemeSwitch();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 'min(320px, 85vw)', bgcolor: 'background.default' } } }}
    >
      <Box component="nav" aria-label="Member menu">
        <NavEntryList entries={MEMBER_NAV} onNavigate={onClose} />
        <Divider />
        <List aria-label="Account">
          <ListItem disablePadding>
            <ListItemButton component={RouterLink} to="/member/settings" onClick={onClose}>
              Settings
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            <ListItemButton onClick={theme.toggle}>{theme.label}</ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            <ListItemButton
              disabled={signingOut}
              onClick={() => {
                onClose();
                onSignOut();
              }}
            >
              Sign out
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
}
