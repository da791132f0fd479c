import Box from '@mui/material/Box';
import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AdminHeader } from './admin-header';
import { AdminSideMenu } from './admin-side-menu';
import { ADMIN_TABS, isAdminTab, type AdminSlots, type AdminTabId } from './admin-tabs';
import { CommunityTab } from './community-tab';
import { ContractsTab } from './contracts-tab';
import { DashboardTab } from './dashboard-tab';
import { DeployTab } from './deploy-tab';
import { EventsTab } from './events-tab';
import { useAdminLiveQuery } from './live-updates';

const PANELS: Record<AdminTabId, ComponentType<AdminSlots>> = {
  dashboard: DashboardTab,
  contracts: ContractsTab,
  community: CommunityTab,
  events: EventsTab,
  deploy: DeployTab,
};

/** /admin (docs/product.md#admin-panel): the side menu's five tabs, a header, and the chosen tab's widgets, kept live. */
export default function AdminPage(slots: AdminSlots) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTabId = isAdminTab(requested) ? requested : 'dashboard';
  const [menuOpen, setMenuOpen] = useState(false);
  const live = useAdminLiveQuery();
  const Panel = PANELS[tab];
  const label = ADMIN_TABS.find((t) => t.id === tab)!.label;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AdminSideMenu
        tab={tab}
        onSelect={(next) => setParams(next === 'dashboard' ? {} : { tab: next })}
        mobileOpen={menuOpen}
        onMobileClose={() => setMenuOpen(false)}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <AdminHeader
          title={label}
          connection={live.data?.connection ?? 'connecting'}
          onOpenMenu={() => setMenuOpen(true)}
        />
        <Box
          component="main"
          role="tabpanel"
          id={`admin-panel-${tab}`}
          aria-labelledby={`admin-tab-${tab}`}
          sx={{ p: { xs: 1.5, sm: 3 } }}
        >
          <Panel {...slots} />
        </Box>
      </Box>
    </Box>
  );
}
