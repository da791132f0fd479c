import { Migration } from '@mikro-orm/migrations';

/**
 * Events a projector could not apply and moved past (see parking.ts): where, which event and
 * what failed, never the event's data. One row per projector and position; a rebuild of the
 * projector replaces its rows with what still fails.
 */
export class Migration2026112440ParkedEvents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists parked_events (
      projector text not null,
      commit_position numeric(20,0) not null,
      prepare_position numeric(20,0) not null,
      event_id text not null,
      event_type text not null,
      error_name text not null,
      error_code text null,
      error_message text not null,
      attempts integer not null,
      first_failed_at timestamptz not null,
      parked_at timestamptz not null default now(),
      primary key (projector, commit_position, prepare_position)
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists parked_events');
  }
}
