import { Migration } from '@mikro-orm/migrations';

/**
 * A journal entry remembers that RAI answered it with the crisis resources: its detected
 * mood is dropped and it is left out of the member's average and mood chart. Replies
 * recorded before carry a mood read from crisis words ("alive", "ready" read as
 * energized); they are found by the resources their reply opens with.
 */
const EARLIER_RESOURCES = 'What you wrote matters, and you deserve support from a real person right now.';

export class Migration2026112430JournalCrisis extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table journal_entries add column if not exists crisis boolean not null default false');
    this.addSql(
      `update journal_entries set crisis = true, detected_mood = null where starts_with(ai_guidance, '${EARLIER_RESOURCES.replace(/'/g, "''")}')`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table journal_entries drop column if exists crisis');
  }
}
