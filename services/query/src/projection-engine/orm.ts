import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import {
  ActivityCounterSchema,
  CrisisDaySchema,
  MemberActiveDaySchema,
  MembershipDailyChangeSchema,
  MembershipTierSchema,
  MemberSessionSchema,
} from '../admin/admin-read-models.entity';
import { AnnouncementSchema } from '../admin/announcement.entity';
import { BookingSchema } from '../admin/booking.entity';
import { UserAccountSchema } from '../auth/user-account.entity';
import { ContactMessageSchema } from '../contact/contact-message.entity';
import { MemberProfileSchema } from '../dashboard/member-profile.entity';
import { JournalEntrySchema } from '../journal/journal-entry.entity';
import { MemberActivitySchema } from '../member/member-activity.entity';
import { PeaceAnswerSchema } from '../peace/peace-answer.entity';
import { PeaceCountSchema } from '../peace/peace-count.entity';
import { StorySessionSchema } from '../story/story-session.entity';
import { Migration2026112201Identity } from './migrations/migration-2026112201-identity';
import { Migration2026112302MemberArea } from './migrations/migration-2026112302-member-area';
import { Migration2026112303Forum } from './migrations/migration-2026112303-forum';
import { Migration2026112304Admin } from './migrations/migration-2026112304-admin';
import { Migration2026112401StoryCrisis } from './migrations/migration-2026112401-story-crisis';
import { Migration2026112421ClientText } from './migrations/migration-2026112421-client-text';
import { Migration2026112430JournalCrisis } from './migrations/migration-2026112430-journal-crisis';
import { Migration2026112431CrisisPlaces } from './migrations/migration-2026112431-crisis-places';
import { Migration2026112440ParkedEvents } from './migrations/migration-2026112440-parked-events';
import { Migration2026112455ContactInbox } from './migrations/migration-2026112455-contact-inbox';
import { Migration2026112460ForumReview } from './migrations/migration-2026112460-forum-review';
import { Migration2026112461ForumSearch } from './migrations/migration-2026112461-forum-search';
import { Migration2026112462ForumEdits } from './migrations/migration-2026112462-forum-edits';
import { Migration2026112463ForumReactions } from './migrations/migration-2026112463-forum-reactions';
import { Migration2026112470PeaceAnswers } from './migrations/migration-2026112470-peace-answers';
import { Migration2026112480ForumNotifications } from './migrations/migration-2026112480-forum-notifications';
import { Migration2026112680WelcomePreference } from './migrations/migration-2026112680-welcome-preference';
import { ProjectorCheckpointSchema } from './projector-checkpoint.entity';

/** Every read-model entity, and the migrations that make their tables, in order. */
export const ENTITIES = [
  ProjectorCheckpointSchema,
  UserAccountSchema,
  ...[JournalEntrySchema, StorySessionSchema, PeaceCountSchema, MemberProfileSchema, MemberActivitySchema],
  ...[MembershipTierSchema, MembershipDailyChangeSchema, MemberActiveDaySchema, ActivityCounterSchema, MemberSessionSchema, CrisisDaySchema, BookingSchema, AnnouncementSchema],
  ContactMessageSchema,
  PeaceAnswerSchema,
];
const MIGRATIONS = [
  { name: 'Migration2026112201Identity', class: Migration2026112201Identity },
  { name: 'Migration2026112302MemberArea', class: Migration2026112302MemberArea },
  { name: 'Migration2026112303Forum', class: Migration2026112303Forum },
  { name: 'Migration2026112304Admin', class: Migration2026112304Admin },
  { name: 'Migration2026112401StoryCrisis', class: Migration2026112401StoryCrisis },
  { name: 'Migration2026112421ClientText', class: Migration2026112421ClientText },
  { name: 'Migration2026112430JournalCrisis', class: Migration2026112430JournalCrisis },
  { name: 'Migration2026112431CrisisPlaces', class: Migration2026112431CrisisPlaces },
  { name: 'Migration2026112440ParkedEvents', class: Migration2026112440ParkedEvents },
  { name: 'Migration2026112455ContactInbox', class: Migration2026112455ContactInbox },
  { name: 'Migration2026112460ForumReview', class: Migration2026112460ForumReview },
  { name: 'Migration2026112461ForumSearch', class: Migration2026112461ForumSearch },
  { name: 'Migration2026112462ForumEdits', class: Migration2026112462ForumEdits },
  { name: 'Migration2026112463ForumReactions', class: Migration2026112463ForumReactions },
  { name: 'Migration2026112470PeaceAnswers', class: Migration2026112470PeaceAnswers },
  { name: 'Migration2026112480ForumNotifications', class: Migration2026112480ForumNotifications },
  { name: 'Migration2026112680WelcomePreference', class: Migration2026112680WelcomePreference },
];

/** The read models, migrated: what a service opens at start. */
export async function openReadModels(databaseUrl: string): Promise<MikroORM> {
  const orm = await connectReadModels(databaseUrl);
  // Replicas starting together must not run the same migration twice.
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(7412002)');
    await orm.getMigrator().up();
  } finally {
    await lock.end();
  }
  return orm;
}

/** The read models without migrating them: for a thread of a service that has already opened them. */
export function connectReadModels(databaseUrl: string): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, snapshot: false, silent: true, transactional: true, allOrNothing: true, tableName: 'read_model_migrations' },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
  });
}
