import type { ReadModelSlice } from '../projection-engine/read-model-database';
import { contactInboxProjection } from './contact-inbox-projection';
import { ContactMessageSchema } from './contact-message.entity';
import { Migration2026112455ContactInbox } from './migration-2026112455-contact-inbox';

/** The admin's contact inbox. */
export const contactReadModels: ReadModelSlice = {
  entities: [ContactMessageSchema],
  migrations: [{ name: 'Migration2026112455ContactInbox', class: Migration2026112455ContactInbox }],
  projectors: [contactInboxProjection],
};
