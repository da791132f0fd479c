import type { ComponentType } from 'react';

/** docs/product.md#admin-panel: the five tabs of the admin panel, in order. */
export const ADMIN_TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'contracts', label: 'Contracts' },
  { id: 'community', label: 'Community' },
  { id: 'events', label: 'Events' },
  { id: 'deploy', label: 'Deploy' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

export const isAdminTab = (id: string | null): id is AdminTabId => ADMIN_TABS.some((tab) => tab.id === id);

/** Other features' screens, composed into the panel by the app. */
export type AdminSlots = { readonly Reports: ComponentType };
