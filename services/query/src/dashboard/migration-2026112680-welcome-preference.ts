import { Migration } from '@mikro-orm/migrations';

/** Whether the dashboard greets a member with its welcome (issue 25): on his profile, no longer per browser. */
export class Migration2026112680WelcomePreference extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table member_profiles add column if not exists show_welcome boolean not null default true');
  }

  override async down(): Promise<void> {
    this.addSql('alter table member_profiles drop column if exists show_welcome');
  }
}
