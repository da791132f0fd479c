import type { ReadModelSchema } from '../projection-engine/read-model-database';
import { Migration2026112302MemberArea } from './migration-2026112302-member-area';
import { Migration2026112421ClientText } from './migration-2026112421-client-text';

/** Migrations written for several features at once, kept as they ran so that existing databases migrate identically. */
export const SHARED_MIGRATIONS: ReadModelSchema = {
  entities: [],
  migrations: [
    { name: 'Migration2026112302MemberArea', class: Migration2026112302MemberArea },
    { name: 'Migration2026112421ClientText', class: Migration2026112421ClientText },
  ],
};
