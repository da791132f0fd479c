import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26: full-text search of a board. The vector is a stored generated column, so every
 * write of a post's title or words (the projection's upsert, a replay, an edit) keeps it
 * current without the projection computing it; titles weigh A, words B.
 */
export class Migration2026112461ForumSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table forum_posts add column if not exists search_vector tsvector
      generated always as (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')) stored`);
    this.addSql('create index if not exists forum_posts_search on forum_posts using gin (search_vector)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists forum_posts_search');
    this.addSql('alter table forum_posts drop column if exists search_vector');
  }
}
