import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26: forum notifications and the live boards' change feed. A thread is a post as
 * notifications need it (its board, author and whether it is hidden); its followers are its
 * author and everyone who replied; a notification is one reply for one follower.
 */
export class Migration2026112480ForumNotifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table if not exists forum_notification_threads (post_id uuid primary key, board text not null, category_id integer not null, category_key text not null, author_id uuid not null, is_hidden boolean not null)',
    );
    this.addSql(
      'create table if not exists forum_thread_followers (post_id uuid not null, member_id uuid not null, primary key (post_id, member_id))',
    );
    this.addSql(`create table if not exists forum_notifications (
      member_id uuid not null, reply_id uuid not null, post_id uuid not null, is_anonymous boolean not null, created_at timestamptz not null, read_at timestamptz,
      primary key (member_id, reply_id))`);
    this.addSql(
      'create index if not exists forum_notifications_member on forum_notifications (member_id, created_at desc)',
    );
    this.addSql(`create table if not exists forum_live_changes (
      position_commit bigint not null, position_prepare bigint not null, kind text not null, board text not null, category_id integer not null, category_key text not null, post_id uuid not null, at timestamptz not null,
      primary key (position_commit, position_prepare))`);
    this.addSql('create index if not exists forum_live_changes_at on forum_live_changes (at)');
  }

  override async down(): Promise<void> {
    for (const table of [
      'forum_live_changes',
      'forum_notifications',
      'forum_thread_followers',
      'forum_notification_threads',
    ])
      this.addSql(`drop table if exists ${table}`);
  }
}
