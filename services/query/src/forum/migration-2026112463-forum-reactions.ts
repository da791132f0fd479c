import { Migration } from '@mikro-orm/migrations';

/** Issue 26: support reactions, one of each kind per member per post or reply (`target_id` is the reply's id, or the post's). */
export class Migration2026112463ForumReactions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists forum_reactions (
      target_id uuid not null,
      post_id uuid not null,
      kind text not null,
      member_id uuid not null,
      is_anonymous boolean not null,
      reacted_at timestamptz not null,
      primary key (target_id, kind, member_id)
    )`);
    this.addSql('create index if not exists forum_reactions_post on forum_reactions (post_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists forum_reactions');
  }
}
