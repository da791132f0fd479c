import { Migration } from '@mikro-orm/migrations';

/**
 * `forum_posts_board_order` is the leading part of `forum_posts_board_keyset`, which serves
 * every read it served: one index fewer for each post written and for each rebuild to build
 * (docs/performance.md, the forum's replay).
 */
export class Migration2026112710ForumPostsBoardOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index if exists forum_posts_board_order');
  }

  override async down(): Promise<void> {
    this.addSql(
      'create index if not exists forum_posts_board_order on forum_posts (board, is_pinned desc, created_at desc)',
    );
  }
}
