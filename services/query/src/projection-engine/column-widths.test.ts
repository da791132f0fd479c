import type { MikroORM } from '@mikro-orm/postgresql';
import type * as t from 'io-ts';
import { AnnouncementRequest } from '@reflections/contracts/announcements';
import { ARCHETYPE_IDS } from '@reflections/contracts/archetypes';
import { BookingStatus, BookSessionRequest, CreateBookingRequest, ServiceType } from '@reflections/contracts/bookings';
import {
  CampfirePostRequest,
  CampfireReplyRequest,
  CategoryColor,
  CategoryIcon,
  FORUM_CATEGORIES,
  ForumBoard,
  ReportRequest,
  ReportStatus,
  ResponderPostRequest,
  ResponderReplyRequest,
} from '@reflections/contracts/forum';
import { MembershipType, RegisterRequest, Role } from '@reflections/contracts/identity';
import { PEACE_SECTION_IDS } from '@reflections/contracts/peace';
import {
  DEFAULT_DETECTED_MOOD,
  JOURNAL_SOURCES,
  MOODS,
  ProcessJournalRequest,
  JournalPromptRequest,
} from '@reflections/contracts/rai';
import { StorySessionStatus } from '@reflections/contracts/story';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { openSessionStore } from '@reflections/platform/session/postgres-session-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import pg from 'pg';
import { openReadModels } from '../projections';

/**
 * Every column of the database, after every migration, against what can reach it: a varchar
 * narrower than the longest value a client may send (or the server may write) stops the
 * projector that writes it on that event, for good (issue 21: a 256-character first name in
 * a varchar(255) stopped sign-in for every new member). Each varchar column must be declared
 * here with what it holds; client text is best `text`.
 */
type Holds =
  /** What a client typed, bounded by these fields' codecs (the widest wins). */
  | { readonly client: readonly FieldCodec[] }
  /** One of these values, chosen by the server. */
  | { readonly values: readonly string[] }
  /** Made by the server, bounded by how it is made. */
  | { readonly server: string }
  /** Has no bound (joined answers, AI replies, names an operator types): only `text` fits. */
  | { readonly unbounded: string };

type FieldCodec = { readonly request: string; readonly field: string; readonly codec: t.Any };
const field = (request: string, codec: t.Any, name: string): FieldCodec => ({ request, field: name, codec });
const keysOf = (codec: { keys: Record<string, unknown> }) => Object.keys(codec.keys);

const register = (name: string) => field('RegisterRequest', RegisterRequest, name);

const COLUMNS: Record<string, Holds> = {
  'read_model_migrations.name': { server: "a migration's class name" },
  'projector_checkpoints.name': { server: "a projector's name" },
  'user_accounts.email': { client: [register('email')] },
  'user_accounts.first_name': { client: [register('firstName')] },
  'user_accounts.last_name': { unbounded: 'empty from the journey; typed by an operator through admin:create' },
  'user_accounts.role': { values: keysOf(Role) },
  'user_accounts.membership_type': { values: keysOf(MembershipType) },
  'user_accounts.archetype': { values: ARCHETYPE_IDS },
  'journal_entries.source': { values: JOURNAL_SOURCES },
  'journal_entries.user_response': {
    client: [
      field('ProcessJournalRequest', ProcessJournalRequest, 'journalEntry'),
      field('JournalPromptRequest', JournalPromptRequest, 'userInput'),
    ],
  },
  'journal_entries.prompt': { client: [field('ProcessJournalRequest', ProcessJournalRequest, 'prompt')] },
  'journal_entries.chosen_mood': { values: MOODS },
  'journal_entries.detected_mood': { values: [...MOODS, DEFAULT_DETECTED_MOOD] },
  'journal_entries.ai_guidance': { unbounded: "RAI's reply" },
  'journal_entries.status': { values: ['waiting', 'answered', 'failed'] },
  'story_sessions.status': { values: keysOf(StorySessionStatus) },
  'story_sessions.story_text': { unbounded: 'five answers joined' },
  'peace_counts.section': { values: PEACE_SECTION_IDS },
  'member_profiles.first_name': { client: [register('firstName')] },
  'member_profiles.last_name': { unbounded: 'as user_accounts.last_name' },
  'member_profiles.membership_type': { values: keysOf(MembershipType) },
  'member_profiles.archetype': { values: ARCHETYPE_IDS },
  'member_activities.kind': { server: 'an activity kind (journal, story, forum, ...)' },
  'member_activities.summary': { unbounded: 'a line quoting what the member wrote' },
  'forum_categories.board': { values: keysOf(ForumBoard) },
  'forum_categories.key': { values: FORUM_CATEGORIES.map((c) => c.key) },
  'forum_categories.name': { values: FORUM_CATEGORIES.map((c) => c.name) },
  'forum_categories.slug': { values: FORUM_CATEGORIES.map((c) => c.key) },
  'forum_categories.color': { values: keysOf(CategoryColor) },
  'forum_categories.icon': { values: keysOf(CategoryIcon) },
  'forum_posts.board': { values: keysOf(ForumBoard) },
  'forum_posts.category_key': { values: FORUM_CATEGORIES.map((c) => c.key) },
  'forum_posts.title': {
    client: [
      field('CampfirePostRequest', CampfirePostRequest, 'title'),
      field('ResponderPostRequest', ResponderPostRequest, 'title'),
    ],
  },
  'forum_posts.content': {
    client: [
      field('CampfirePostRequest', CampfirePostRequest, 'content'),
      field('ResponderPostRequest', ResponderPostRequest, 'content'),
    ],
  },
  'forum_replies.content': {
    client: [
      field('CampfireReplyRequest', CampfireReplyRequest, 'content'),
      field('ResponderReplyRequest', ResponderReplyRequest, 'content'),
    ],
  },
  'forum_reports.reason': { client: [field('ReportRequest', ReportRequest, 'reason')] },
  'forum_reports.status': { values: keysOf(ReportStatus) },
  'membership_tiers.tier': { values: keysOf(MembershipType) },
  'membership_daily_changes.tier': { values: keysOf(MembershipType) },
  'member_activity.kind': { server: 'journal, forum or story' },
  'activity_counters.name': { server: "a counter's name" },
  'member_sessions.id': { server: 'a kind and a UUID' },
  'member_sessions.kind': { values: ['chat', 'story'] },
  'bookings.user_name': { client: [register('firstName')] },
  'bookings.session_title': {
    client: [
      field('BookSessionRequest', BookSessionRequest, 'sessionTitle'),
      field('CreateBookingRequest', CreateBookingRequest, 'sessionTitle'),
    ],
  },
  'bookings.service_type': { values: keysOf(ServiceType) },
  'bookings.status': { values: keysOf(BookingStatus) },
  'announcements.title': { client: [field('AnnouncementRequest', AnnouncementRequest, 'title')] },
  'announcements.body': { client: [field('AnnouncementRequest', AnnouncementRequest, 'body')] },
};

type Codec = t.Any & {
  readonly maxLength?: number;
  readonly type?: t.Any;
  readonly types?: readonly t.Any[];
  readonly props?: Record<string, t.Any>;
};

/** The maxLength of a request's field, found through t.exact, intersections, unions (a nullable field) and t.type. */
function maxLengthOf(codec: Codec, name: string): number | undefined {
  if (codec.props && name in codec.props) return boundOf(codec.props[name] as Codec);
  if (codec.type) return maxLengthOf(codec.type as Codec, name);
  for (const member of codec.types ?? []) {
    const found = maxLengthOf(member as Codec, name);
    if (found !== undefined) return found;
  }
  return undefined;
}
function boundOf(codec: Codec): number | undefined {
  if (typeof codec.maxLength === 'number') return codec.maxLength;
  const bounds = (codec.types ?? [])
    .map((member) => boundOf(member as Codec))
    .filter((n): n is number => n !== undefined);
  return bounds.length > 0 ? Math.max(...bounds) : undefined;
}

type Column = { readonly name: string; readonly type: string; readonly width: number | null };

/** What is wrong with each column, given what it holds. Empty when every column fits. */
function misfits(columns: readonly Column[]): string[] {
  const problems: string[] = [];
  for (const column of columns) {
    const holds = COLUMNS[column.name];
    const narrow = column.width !== null;
    if (!holds) {
      if (narrow)
        problems.push(
          `${column.name} is ${column.type}(${column.width}) and not declared in column-widths.test.ts: say what it holds (client text is best text)`,
        );
      continue;
    }
    if (!narrow) continue;
    if ('unbounded' in holds)
      problems.push(
        `${column.name} is ${column.type}(${column.width}) but holds ${holds.unbounded}, which has no bound: make it text`,
      );
    if ('values' in holds) {
      const longest = Math.max(...holds.values.map((value) => value.length));
      if (longest > column.width!)
        problems.push(
          `${column.name} is ${column.type}(${column.width}) but a value of ${longest} characters can reach it`,
        );
    }
    if ('client' in holds) {
      for (const source of holds.client) {
        const max = maxLengthOf(source.codec as Codec, source.field);
        if (max === undefined)
          problems.push(
            `${column.name} is ${column.type}(${column.width}) but ${source.request}.${source.field} states no maxLength`,
          );
        else if (max > column.width!)
          problems.push(
            `${column.name} is ${column.type}(${column.width}) but ${source.request}.${source.field} allows ${max} characters`,
          );
      }
    }
  }
  return problems.sort();
}

describe('column widths', () => {
  let databaseUrl: string;
  let orm: MikroORM;
  let client: pg.Client;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    // Every schema a database gets: the event log's, the sessions', and the read models' migrations.
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    const sessions = await openSessionStore(databaseUrl);
    orm = await openReadModels(databaseUrl);
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    closers.push(
      () => client.end(),
      () => orm.close(),
      () => sessions.close(),
      () => store.close(),
    );
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  const schemaColumns = async (): Promise<Column[]> => {
    const { rows } = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      character_maximum_length: number | null;
    }>(
      `SELECT table_name, column_name, data_type, character_maximum_length FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type IN ('character varying', 'character', 'text')`,
    );
    return rows.map((row) => ({
      name: `${row.table_name}.${row.column_name}`,
      type: row.data_type,
      width: row.character_maximum_length,
    }));
  };

  it('finds no column narrower than what can reach it, after every migration', async () => {
    expect(misfits(await schemaColumns())).toEqual([]);
  });

  it('finds no entity property that MikroORM would cast narrower than its column', async () => {
    // Batched writes cast each value to the property's column type (json_to_recordset): an entity
    // left at 'string' (varchar(255)) refuses a long value its text column would take.
    const table = new Map((await schemaColumns()).map((column) => [column.name, column]));
    const narrower = Object.values(orm.getMetadata().getAll()).flatMap((meta) =>
      meta.props
        .filter((prop) => prop.fieldNames?.length === 1 && prop.columnTypes?.length === 1)
        .flatMap((prop) => {
          const name = `${meta.tableName}.${prop.fieldNames[0]}`;
          const width = /^(?:varchar|character varying)\((\d+)\)$/i.exec(prop.columnTypes[0]);
          const column = table.get(name);
          return width && column && (column.width === null || column.width > Number(width[1]))
            ? [`${name}: entity ${prop.columnTypes[0]}, column ${column.type}`]
            : [];
        }),
    );
    expect(narrower).toEqual([]);
  });

  it('names only columns that exist, so a renamed column cannot leave its declaration behind', async () => {
    const existing = new Set((await schemaColumns()).map((column) => column.name));
    expect(Object.keys(COLUMNS).filter((name) => !existing.has(name))).toEqual([]);
  });

  it('fails where a migration makes a column narrower than its codec, or adds an undeclared one', async () => {
    await client.query('ALTER TABLE member_profiles ALTER COLUMN first_name TYPE varchar(50)');
    await client.query('ALTER TABLE bookings ADD COLUMN note varchar(40)');
    try {
      expect(misfits(await schemaColumns())).toEqual([
        expect.stringContaining('bookings.note is character varying(40) and not declared'),
        'member_profiles.first_name is character varying(50) but RegisterRequest.firstName allows 100 characters',
      ]);
    } finally {
      await client.query('ALTER TABLE bookings DROP COLUMN note');
      await client.query('ALTER TABLE member_profiles ALTER COLUMN first_name TYPE text');
    }
  });
});
