import { Migration } from '@mikro-orm/migrations';

/** Issue 26: a post hidden by members' reports until a moderator looks; only its author still sees it. */
export class Migration2026112460ForumReview extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table forum_posts add column if not exists held_for_review boolean not null default false');
    this.addSql(
      'create index if not exists forum_posts_board_keyset on forum_posts (board, is_pinned desc, created_at desc, id desc)',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists forum_posts_board_keyset');
    this.addSql('alter table forum_posts drop column if exists held_for_review');
  }
}
