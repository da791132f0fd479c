import type { ReadModelSlice } from '../projection-engine/read-model-database';
import { activitiesProjection } from './activities-projection';
import { MemberActivitySchema } from './member-activity.entity';

/** A member's recent activity. */
export const memberReadModels: ReadModelSlice = {
  entities: [MemberActivitySchema],
  migrations: [],
  projectors: [activitiesProjection],
};
