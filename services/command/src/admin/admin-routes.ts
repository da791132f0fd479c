import type Router from '@koa/router';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { announcementRoutes } from './announcement-routes';
import { type AdminAssistant, assistantRoutes } from './assistant-routes';
import { adminBookingRoutes, type MemberFirstName, memberBookingRoutes } from './booking-routes';
import { deployRoutes } from './deploy-routes';

export type AdminCommandDependencies = {
  /** DEPLOY_HOOK_URL; unset, deploy answers 503. */
  deployHookUrl?: string | null;
  /** The AI worker's admin.assistant job; unset, the assistant answers 503. */
  askAssistant?: AdminAssistant | null;
};

/** What the admin slice asks of other slices, handed in by the app. */
export type AdminPorts = { roles: RoleGuards; memberFirstName: MemberFirstName };

/** Every writing endpoint of the admin panel, and members' own bookings. */
export const adminRouters = (
  store: EventStore,
  deps: AdminCommandDependencies,
  { roles, memberFirstName }: AdminPorts,
): Router[] => [
  adminBookingRoutes(store, roles, memberFirstName),
  memberBookingRoutes(store, roles, memberFirstName),
  announcementRoutes(store, roles),
  deployRoutes(store, deps.deployHookUrl ?? null, roles),
  assistantRoutes(store, deps.askAssistant ?? null, roles),
];
