import { Migration } from '@mikro-orm/migrations';

export class Migration2026112201Identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists projector_checkpoints (
      name varchar(255) primary key,
      commit_position numeric(20,0) not null,
      prepare_position numeric(20,0) not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create table if not exists user_accounts (
      id uuid primary key,
      email varchar(320) not null,
      first_name varchar(255) not null,
      last_name varchar(255) not null,
      role varchar(32) not null,
      membership_type varchar(32) not null,
      archetype varchar(32) not null,
      answers jsonb null,
      created_at timestamptz not null,
      last_login_at timestamptz null,
      login_count integer not null
    )`);
    this.addSql('create unique index if not exists user_accounts_email_unique on user_accounts (lower(email))');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists user_accounts');
    this.addSql('drop table if exists projector_checkpoints');
  }
}
