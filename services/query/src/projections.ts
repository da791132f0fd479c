import type { MikroORM } from '@mikro-orm/postgresql';
import { adminReadModels } from './admin/read-model-slice';
import { authReadModels } from './auth/read-model-slice';
import { contactReadModels } from './contact/read-model-slice';
import { dashboardReadModels } from './dashboard/read-model-slice';
import { forumReadModels } from './forum/read-model-slice';
import { journalReadModels } from './journal/read-model-slice';
import { memberReadModels } from './member/read-model-slice';
import { SHARED_MIGRATIONS } from './migrations/shared-migrations';
import { peaceReadModels } from './peace/read-model-slice';
import type { Projector } from './projection-engine/projector';
import {
  combinedSchema,
  connectReadModelDatabase,
  openReadModelDatabase,
} from './projection-engine/read-model-database';
import { storyReadModels } from './story/read-model-slice';

/** Every feature's read models: the engine learns of them only from here. */
const SLICES = [
  authReadModels,
  journalReadModels,
  storyReadModels,
  peaceReadModels,
  dashboardReadModels,
  memberReadModels,
  forumReadModels,
  adminReadModels,
  contactReadModels,
];

/** Every projector the query service runs (reports apart: see reports/reports.ts). */
export const PROJECTORS: readonly Projector[] = SLICES.flatMap((slice) => slice.projectors);

/** Every read-model entity, and the migrations that make their tables, in the order of their names. */
export const READ_MODEL_SCHEMA = combinedSchema([...SLICES, SHARED_MIGRATIONS]);

/** The read models, migrated: what a service opens at start. */
export const openReadModels = (databaseUrl: string): Promise<MikroORM> =>
  openReadModelDatabase(databaseUrl, READ_MODEL_SCHEMA);

/** The read models without migrating them: for a thread of a service that has already opened them. */
export const connectReadModels = (databaseUrl: string): Promise<MikroORM> =>
  connectReadModelDatabase(databaseUrl, READ_MODEL_SCHEMA);
