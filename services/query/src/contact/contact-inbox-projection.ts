import { READ_MODELS } from '@reflections/contracts/admin';
import { ContactMessageReceived, ContactMessageStatusChanged } from '@reflections/contracts/contact';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { ContactMessage } from './contact-message.entity';

const messages = perBatch((em) => new EntityBatch(em, ContactMessage));

/** ContactMessageReceived and its status changes (stream contact-{id}) into the admin's inbox. */
export const contactInboxProjection: Projector = {
  name: READ_MODELS.contactInbox,
  tables: ['contact_messages'],
  beforeBatch: async (em, events) => {
    await messages.start(em).load(em, events.map((event) => ({ id: (event.data as { messageId: string }).messageId })));
  },
  afterBatch: (em) => messages.finish(em)!.write(em),
  handlers: {
    ContactMessageReceived: (em, event) => {
      const data = dataOf(ContactMessageReceived, event);
      messages.of(em).insert({
        id: data.messageId,
        name: data.name,
        email: data.email,
        interest: data.interest,
        kind: data.kind,
        message: data.message,
        status: 'new',
        receivedAt: new Date(data.receivedAt),
        statusChangedAt: null,
      });
    },
    ContactMessageStatusChanged: (em, event) => {
      const data = dataOf(ContactMessageStatusChanged, event);
      messages.of(em).update({ id: data.messageId }, (message) => Object.assign(message, { status: data.status, statusChangedAt: new Date(data.changedAt) }));
    },
  },
};
