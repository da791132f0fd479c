import { Migration } from '@mikro-orm/migrations';

/**
 * Crisis resources shown per day and where (journal, chat, story, forum), and story banners
 * dismissed: counts only. Filled from the events from now on; a rebuild of the pulse
 * projector (npm run projections:rebuild) fills it from the whole log.
 */
export class Migration2026112431CrisisPlaces extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table if not exists crisis_places (day date not null, place text not null, count integer not null, primary key (day, place))',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists crisis_places');
  }
}
