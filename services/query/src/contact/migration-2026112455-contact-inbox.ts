import { Migration } from '@mikro-orm/migrations';

/** The admin's contact inbox (issue 24): every message sent through the contact page, with its status. */
export class Migration2026112455ContactInbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists contact_messages (
      id uuid primary key, name text not null, email text not null, interest text not null, kind text not null,
      message text not null, status text not null, received_at timestamptz not null, status_changed_at timestamptz null)`);
    this.addSql('create index if not exists contact_messages_received on contact_messages (received_at desc)');
    this.addSql(
      'create index if not exists contact_messages_status_received on contact_messages (status, received_at desc)',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists contact_messages');
  }
}
