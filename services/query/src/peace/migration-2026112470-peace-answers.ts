import { Migration } from '@mikro-orm/migrations';

/** Every P.E.A.C.E. answer in the member's words, for his export (issue 24); peace_counts only counted them. */
export class Migration2026112470PeaceAnswers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists peace_answers (
      id uuid primary key, user_id uuid not null, section text not null, prompt text not null, response text not null, recorded_at timestamptz not null)`);
    this.addSql('create index if not exists peace_answers_user on peace_answers (user_id, recorded_at desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists peace_answers');
  }
}
