import { READ_MODELS } from '@reflections/contracts/admin';
import { ContactMessageReceived, ContactMessageStatusChanged } from '@reflections/contracts/contact';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { ContactMessageSchema } from './contact-message.entity';

/** ContactMessageReceived and its status changes (stream contact-{id}) into the admin's inbox. */
export const contactInboxProjection = entityProjection({
  name: READ_MODELS.contactInbox,
  entity: ContactMessageSchema,
  keyOf: (event) => ({ id: (event.data as { messageId?: string }).messageId }),
  handlers: {
    ContactMessageReceived: (messages, event) => {
      const data = dataOf(ContactMessageReceived, event);
      messages.insert({
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
    ContactMessageStatusChanged: (messages, event) => {
      const data = dataOf(ContactMessageStatusChanged, event);
      messages.update({ id: data.messageId }, (message) =>
        Object.assign(message, { status: data.status, statusChangedAt: new Date(data.changedAt) }),
      );
    },
  },
});
