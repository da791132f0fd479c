import { Migration } from '@mikro-orm/migrations';

/** A story remembers that its answers brought up the crisis resources, so they stay above it after a reload. */
export class Migration2026112401StoryCrisis extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table story_sessions add column if not exists crisis_resources_shown boolean not null default false',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table story_sessions drop column if exists crisis_resources_shown');
  }
}
