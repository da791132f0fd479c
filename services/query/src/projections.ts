import { announcementsProjection } from './admin/announcements-projection';
import { bookingsProjection } from './admin/bookings-projection';
import { membershipProjection } from './admin/membership-projection';
import { pulseProjection } from './admin/pulse-projection';
import { usersProjection } from './auth/users-projection';
import type { Projector } from './infra/projector';

/** Every projector the query service runs. */
export const PROJECTORS: readonly Projector[] = [usersProjection, membershipProjection, pulseProjection, bookingsProjection, announcementsProjection];
