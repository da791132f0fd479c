import type { ReadModelSlice } from '../projection-engine/read-model-database';
import { memberProfileProjection } from './member-profile-projection';
import { MemberProfileSchema } from './member-profile.entity';

/** Who the dashboard greets. */
export const dashboardReadModels: ReadModelSlice = {
  entities: [MemberProfileSchema],
  migrations: [],
  projectors: [memberProfileProjection],
};
