import type { ReadModelSlice } from '../projection-engine/read-model-database';
import { memberProfileProjection } from './member-profile-projection';
import { MemberProfileSchema } from './member-profile.entity';
import { Migration2026112680WelcomePreference } from './migration-2026112680-welcome-preference';

/** Who the dashboard greets. */
export const dashboardReadModels: ReadModelSlice = {
  entities: [MemberProfileSchema],
  migrations: [{ name: 'Migration2026112680WelcomePreference', class: Migration2026112680WelcomePreference }],
  projectors: [memberProfileProjection],
};
