import type { ReadModelSlice } from '../projection-engine/read-model-database';
import { JournalEntrySchema } from './journal-entry.entity';
import { journalProjection } from './journal-projection';
import { Migration2026112430JournalCrisis } from './migration-2026112430-journal-crisis';

/** Journal entries and RAI's replies. */
export const journalReadModels: ReadModelSlice = {
  entities: [JournalEntrySchema],
  migrations: [{ name: 'Migration2026112430JournalCrisis', class: Migration2026112430JournalCrisis }],
  projectors: [journalProjection],
};
