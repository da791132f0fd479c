import { Migration } from '@mikro-orm/migrations';

/**
 * The few hidden posts of a board, found without walking its visible ones: a list's total adds
 * the hidden posts its viewer may see (his own held for review, or all for an admin) to the
 * visible count, which is cached (see forum-read-model.ts).
 */
export class Migration2026112690ForumHiddenPosts extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index if not exists forum_posts_hidden on forum_posts (board, author_id) where is_hidden');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists forum_posts_hidden');
  }
}
