import { Migration } from '@mikro-orm/migrations';

/** The admin panel's read models: membership history, community pulse, crisis count, bookings, announcements. */
export class Migration2026112304Admin extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table if not exists membership_tiers (user_id uuid primary key, tier varchar(32) not null)');
    this.addSql(`create table if not exists membership_daily_changes (
      day date not null, tier varchar(32) not null, delta integer not null, primary key (day, tier))`);
    this.addSql(`create table if not exists member_activity (
      user_id uuid not null, day date not null, kind varchar(32) not null, primary key (user_id, day, kind))`);
    this.addSql('create index if not exists member_activity_day on member_activity (day)');
    this.addSql('create table if not exists activity_counters (name varchar(64) primary key, value bigint not null)');
    this.addSql(`create table if not exists member_sessions (
      id varchar(255) primary key, user_id uuid not null, kind varchar(32) not null,
      started_at timestamptz not null, last_at timestamptz not null)`);
    this.addSql('create index if not exists member_sessions_user on member_sessions (user_id, kind, last_at desc)');
    this.addSql('create index if not exists member_sessions_started on member_sessions (started_at)');
    this.addSql('create table if not exists crisis_days (day date primary key, count integer not null)');
    this.addSql(`create table if not exists bookings (
      id uuid primary key, user_id uuid not null, user_name varchar(255) not null, session_title varchar(255) not null,
      service_type varchar(32) not null, scheduled_at timestamptz not null, status varchar(32) not null, booked_at timestamptz not null)`);
    this.addSql('create index if not exists bookings_scheduled on bookings (scheduled_at)');
    this.addSql('create index if not exists bookings_user on bookings (user_id, scheduled_at)');
    this.addSql(`create table if not exists announcements (
      id uuid primary key, title varchar(255) not null, body text not null, published_at timestamptz not null,
      edited_at timestamptz null, withdrawn_at timestamptz null)`);
    this.addSql('create index if not exists announcements_published on announcements (published_at desc)');
  }

  override async down(): Promise<void> {
    for (const table of [
      'announcements',
      'bookings',
      'crisis_days',
      'member_sessions',
      'activity_counters',
      'member_activity',
      'membership_daily_changes',
      'membership_tiers',
    ]) {
      this.addSql(`drop table if exists ${table}`);
    }
  }
}
