import type { ReadModelSlice } from '../projection-engine/read-model-database';
import {
  ActivityCounterSchema,
  CrisisDaySchema,
  MemberActiveDaySchema,
  MembershipDailyChangeSchema,
  MembershipTierSchema,
  MemberSessionSchema,
} from './admin-read-models.entity';
import { AnnouncementSchema } from './announcement.entity';
import { announcementsProjection } from './announcements-projection';
import { BookingSchema } from './booking.entity';
import { bookingsProjection } from './bookings-projection';
import { membershipProjection } from './membership-projection';
import { Migration2026112304Admin } from './migration-2026112304-admin';
import { Migration2026112431CrisisPlaces } from './migration-2026112431-crisis-places';
import { pulseProjection } from './pulse-projection';

/** The admin panel's figures, bookings and announcements. */
export const adminReadModels: ReadModelSlice = {
  entities: [
    MembershipTierSchema,
    MembershipDailyChangeSchema,
    MemberActiveDaySchema,
    ActivityCounterSchema,
    MemberSessionSchema,
    CrisisDaySchema,
    BookingSchema,
    AnnouncementSchema,
  ],
  migrations: [
    { name: 'Migration2026112304Admin', class: Migration2026112304Admin },
    { name: 'Migration2026112431CrisisPlaces', class: Migration2026112431CrisisPlaces },
  ],
  projectors: [membershipProjection, pulseProjection, bookingsProjection, announcementsProjection],
};
