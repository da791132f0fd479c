import { EntitySchema } from '@mikro-orm/core';
import type { ContactKind, ContactStatus } from '@reflections/contracts/contact';

/** A message sent through the contact page, as the admin's inbox shows it. */
export class ContactMessage {
  id!: string;
  name!: string;
  email!: string;
  interest!: string;
  kind!: ContactKind;
  message!: string;
  status!: ContactStatus;
  receivedAt!: Date;
  statusChangedAt!: Date | null;
}

export const ContactMessageSchema = new EntitySchema<ContactMessage>({
  class: ContactMessage,
  tableName: 'contact_messages',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    email: { type: 'text' },
    interest: { type: 'text' },
    kind: { type: 'text' },
    message: { type: 'text' },
    status: { type: 'text' },
    receivedAt: { type: 'Date', columnType: 'timestamptz' },
    statusChangedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
