import { Migration } from '@mikro-orm/migrations';

/** The forum's read models: categories, posts, replies and the moderation queue. */
export class Migration2026112303Forum extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists forum_categories (
      id integer primary key,
      board varchar(32) not null,
      key varchar(64) not null,
      name varchar(255) not null,
      slug varchar(64) not null,
      description text not null,
      color varchar(16) not null,
      icon varchar(32) not null,
      sort_order integer not null,
      is_active boolean not null,
      created_at timestamptz not null
    )`);
    this.addSql(`create table if not exists forum_posts (
      id uuid primary key,
      board varchar(32) not null,
      category_id integer not null,
      category_key varchar(64) not null,
      title text not null,
      content text not null,
      is_anonymous boolean not null,
      author_id uuid not null,
      is_pinned boolean not null default false,
      is_hidden boolean not null default false,
      reply_count integer not null default 0,
      last_reply_at timestamptz null,
      last_reply_user_id uuid null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(
      'create index if not exists forum_posts_board_order on forum_posts (board, is_pinned desc, created_at desc)',
    );
    this.addSql(
      'create index if not exists forum_posts_category_order on forum_posts (category_id, is_pinned desc, created_at desc)',
    );
    this.addSql('create index if not exists forum_posts_order on forum_posts (is_pinned desc, created_at desc)');
    this.addSql(`create table if not exists forum_replies (
      id uuid primary key,
      post_id uuid not null,
      content text not null,
      is_anonymous boolean not null,
      author_id uuid not null,
      is_hidden boolean not null default false,
      created_at timestamptz not null
    )`);
    this.addSql('create index if not exists forum_replies_post on forum_replies (post_id, created_at)');
    this.addSql(`create table if not exists forum_reports (
      id uuid primary key,
      post_id uuid not null,
      reply_id uuid null,
      reason text not null,
      reporter_id uuid not null,
      status varchar(16) not null,
      reported_at timestamptz not null,
      resolved_at timestamptz null
    )`);
    this.addSql('create index if not exists forum_reports_status on forum_reports (status, reported_at)');
    this.addSql('create index if not exists forum_reports_content on forum_reports (post_id, reply_id)');
  }

  override async down(): Promise<void> {
    for (const table of ['forum_reports', 'forum_replies', 'forum_posts', 'forum_categories'])
      this.addSql(`drop table if exists ${table}`);
  }
}
