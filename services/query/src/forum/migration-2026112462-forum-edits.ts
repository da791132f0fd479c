import { Migration } from '@mikro-orm/migrations';

/** Issue 26: members edit and delete their own posts and replies; a deleted one keeps its place. */
export class Migration2026112462ForumEdits extends Migration {
  override async up(): Promise<void> {
    for (const table of ['forum_posts', 'forum_replies']) {
      this.addSql(`alter table ${table} add column if not exists edited_at timestamptz null`);
      this.addSql(`alter table ${table} add column if not exists deleted_at timestamptz null`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['forum_posts', 'forum_replies']) {
      this.addSql(`alter table ${table} drop column if exists edited_at`);
      this.addSql(`alter table ${table} drop column if exists deleted_at`);
    }
  }
}
