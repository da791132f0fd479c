import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ADMIN_TABS, type AdminTabId } from './admin-tabs';

export const SIDE_MENU_WIDTH = 220;

type SideMenuProps = {
  readonly tab: AdminTabId;
  readonly onSelect: (tab: AdminTabId) => void;
  /** Below md the menu is a drawer opened from the header. */
  readonly mobileOpen: boolean;
  readonly onMobileClose: () => void;
};

function TabList({ tab, onSelect }: Pick<SideMenuProps, 'tab' | 'onSelect'>) {
  return (
    <Box sx={{ pt: 2 }}>
      <Typography variant="overline" component="p" sx={{ px: 3, color: 'forest.contrastText', opacity: 0.8 }}>
        Reflections admin
      </Typography>
      <Tabs
        orientation="vertical"
        value={tab}
        onChange={(_event, value: AdminTabId) => onSelect(value)}
        aria-label="Admin sections"
        textColor="inherit"
        slotProps={{ indicator: { sx: { left: 0, width: 4, bgcolor: 'secondary.main' } } }}
        sx={{ color: 'forest.contrastText' }}
      >
        {ADMIN_TABS.map(({ id, label }) => (
          <Tab
            key={id}
            value={id}
            label={label}
            id={`admin-tab-${id}`}
            aria-controls={`admin-panel-${id}`}
            sx={{ alignItems: 'flex-start', px: 3, minHeight: 48 }}
          />
        ))}
      </Tabs>
    </Box>
  );
}

/** The MUI dashboard template's side menu: the five tabs; permanent from md up, a drawer below. */
export function AdminSideMenu({ tab, onSelect, mobileOpen, onMobileClose }: SideMenuProps) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const paper = { width: SIDE_MENU_WIDTH, bgcolor: 'forest.dark', color: 'forest.contrastText', borderRight: 0 };
  return (
    <Box component="nav" aria-label="Admin" sx={{ width: { md: SIDE_MENU_WIDTH }, flexShrink: { md: 0 } }}>
      {wide ? (
        <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': paper }}>
          <TabList tab={tab} onSelect={onSelect} />
        </Drawer>
      ) : (
        // Kept mounted so the tab panel's label (a tab in the drawer) exists while the drawer is closed.
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={onMobileClose}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': paper }}
        >
          <TabList
            tab={tab}
            onSelect={(next) => {
              onSelect(next);
              onMobileClose();
            }}
          />
        </Drawer>
      )}
    </Box>
  );
}
