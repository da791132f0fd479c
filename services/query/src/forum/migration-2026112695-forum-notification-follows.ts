import { Migration } from '@mikro-orm/migrations';
import { READ_MODELS } from '@reflections/contracts/admin';

/**
 * Issue 29: a member's notifications are derived when read, from what they are made of: the
 * threads he wrote (forum_notification_threads) and replied in (forum_replies, by author),
 * the replies written while their thread was hidden (they never notify), and his read marks.
 * Read marks cannot be told from the old one-row-per-notification table exactly (a "mark
 * all" left no trace of its time), so the projection starts again from the log: its
 * checkpoint goes and it replays on the next start.
 */
export class Migration2026112695ForumNotificationFollows extends Migration {
  override async up(): Promise<void> {
    this.addSql('truncate forum_notification_threads');
    this.addSql('drop table if exists forum_thread_followers');
    this.addSql('drop table if exists forum_notifications');
    this.addSql(
      'create index if not exists forum_notification_threads_author on forum_notification_threads (author_id)',
    );
    this.addSql('create index if not exists forum_replies_author on forum_replies (author_id, post_id, created_at)');
    this.addSql('create table if not exists forum_silent_replies (reply_id uuid primary key, post_id uuid not null)');
    this.addSql(
      'create table if not exists forum_notification_reads (member_id uuid not null, reply_id uuid not null, primary key (member_id, reply_id))',
    );
    this.addSql(
      'create table if not exists forum_notifications_read_upto (member_id uuid primary key, read_upto timestamptz not null)',
    );
    this.addSql(`delete from projector_checkpoints where name = '${READ_MODELS.forumNotifications}'`);
  }

  override async down(): Promise<void> {
    for (const table of ['forum_notifications_read_upto', 'forum_notification_reads', 'forum_silent_replies'])
      this.addSql(`drop table if exists ${table}`);
    this.addSql('drop index if exists forum_replies_author');
    this.addSql('drop index if exists forum_notification_threads_author');
    this.addSql('truncate forum_notification_threads');
    this.addSql(
      'create table if not exists forum_thread_followers (post_id uuid not null, member_id uuid not null, primary key (post_id, member_id))',
    );
    this.addSql(`create table if not exists forum_notifications (
      member_id uuid not null, reply_id uuid not null, post_id uuid not null, is_anonymous boolean not null, created_at timestamptz not null, read_at timestamptz,
      primary key (member_id, reply_id))`);
    this.addSql(
      'create index if not exists forum_notifications_member on forum_notifications (member_id, created_at desc)',
    );
    this.addSql(`delete from projector_checkpoints where name = '${READ_MODELS.forumNotifications}'`);
  }
}
