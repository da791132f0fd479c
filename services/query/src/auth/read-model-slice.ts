import type { ReadModelSlice } from '../projection-engine/read-model-database';
import { Migration2026112201Identity } from './migration-2026112201-identity';
import { UserAccountSchema } from './user-account.entity';
import { usersProjection } from './users-projection';

/** Members' accounts (the first migration also made the engine's checkpoint table). */
export const authReadModels: ReadModelSlice = {
  entities: [UserAccountSchema],
  migrations: [{ name: 'Migration2026112201Identity', class: Migration2026112201Identity }],
  projectors: [usersProjection],
};
