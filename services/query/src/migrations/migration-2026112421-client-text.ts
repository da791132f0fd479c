import { Migration } from '@mikro-orm/migrations';

/**
 * Columns that hold what a client typed become `text`: a varchar narrower than what an
 * event in the log carries stops the projector on that event for good (a 256-character
 * first name once stopped sign-in for every new member). The contracts bound each field;
 * the schema test checks no column is narrower than its codec. varchar to text rewrites
 * no rows.
 */
const CLIENT_TEXT: Record<string, Record<string, string>> = {
  user_accounts: { email: 'varchar(320)', first_name: 'varchar(255)', last_name: 'varchar(255)' },
  member_profiles: { first_name: 'varchar(255)', last_name: 'varchar(255)' },
  bookings: { user_name: 'varchar(255)', session_title: 'varchar(255)' },
  announcements: { title: 'varchar(255)' },
};

const alter = (table: string, type: (column: string, before: string) => string) =>
  `alter table ${table} ${Object.entries(CLIENT_TEXT[table])
    .map(([column, before]) => `alter column ${column} type ${type(column, before)}`)
    .join(', ')}`;

export class Migration2026112421ClientText extends Migration {
  override async up(): Promise<void> {
    for (const table of Object.keys(CLIENT_TEXT)) this.addSql(alter(table, () => 'text'));
  }

  override async down(): Promise<void> {
    for (const table of Object.keys(CLIENT_TEXT))
      this.addSql(alter(table, (column, before) => `${before} using left(${column}, ${/\d+/.exec(before)![0]})`));
  }
}
