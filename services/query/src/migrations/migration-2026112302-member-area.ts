import { Migration } from '@mikro-orm/migrations';

/** The member area's read models: journal, stories, P.E.A.C.E. counts, dashboard profiles, activity. */
export class Migration2026112302MemberArea extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists journal_entries (
      id uuid primary key,
      user_id uuid not null,
      source varchar(32) not null,
      user_response text not null,
      prompt text null,
      chosen_mood varchar(32) null,
      detected_mood varchar(32) null,
      ai_guidance text null,
      status varchar(16) not null,
      created_at timestamptz not null
    )`);
    this.addSql(
      'create index if not exists journal_entries_member_newest on journal_entries (user_id, created_at desc, id desc)',
    );
    this.addSql(`create table if not exists story_sessions (
      id uuid primary key,
      user_id uuid not null,
      status varchar(16) not null,
      current_step integer not null,
      prompts jsonb not null,
      responses jsonb not null,
      started_at timestamptz not null,
      completed_at timestamptz null,
      story_text text null,
      session_duration integer null
    )`);
    this.addSql(
      'create index if not exists story_sessions_member_newest on story_sessions (user_id, started_at desc, id desc)',
    );
    this.addSql(`create table if not exists peace_counts (
      user_id uuid not null,
      section varchar(32) not null,
      answered integer not null,
      primary key (user_id, section)
    )`);
    this.addSql(`create table if not exists member_profiles (
      user_id uuid primary key,
      first_name varchar(255) not null,
      last_name varchar(255) not null,
      membership_type varchar(32) not null,
      archetype varchar(32) not null,
      seeking text null,
      inner_strength text null,
      peace_meaning text null
    )`);
    this.addSql(`create table if not exists member_activities (
      id uuid primary key,
      user_id uuid not null,
      kind varchar(32) not null,
      summary text not null,
      at timestamptz not null
    )`);
    this.addSql(
      'create index if not exists member_activities_member_newest on member_activities (user_id, at desc, id desc)',
    );
  }

  override async down(): Promise<void> {
    for (const table of ['member_activities', 'member_profiles', 'peace_counts', 'story_sessions', 'journal_entries'])
      this.addSql(`drop table if exists ${table}`);
  }
}
