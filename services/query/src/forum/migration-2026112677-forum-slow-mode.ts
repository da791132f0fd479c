import { Migration } from '@mikro-orm/migrations';

/** Issue 26: each board's slow mode, one row per board a moderator has set it on. */
export class Migration2026112677ForumSlowMode extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists forum_slow_mode (
      board text primary key,
      seconds integer not null,
      reason text not null,
      set_by uuid not null,
      set_at timestamptz not null
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists forum_slow_mode');
  }
}
