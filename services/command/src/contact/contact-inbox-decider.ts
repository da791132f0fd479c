import { type ContactMessageReceived, ContactMessageEvent, type ContactStatus } from '@reflections/contracts/contact';
import { accept, type Decider, type Decision, type Rejection, reject } from '@reflections/platform/command/decider';

export type ContactMessage = { readonly status: 'none' | ContactStatus };
export const initialContactMessage: ContactMessage = { status: 'none' };

export function evolveContactMessage(state: ContactMessage, event: ContactMessageEvent): ContactMessage {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { status: 'new' };
    case 'ContactMessageStatusChanged':
      return { status: event.data.status };
  }
}

/** A message sent from the contact form. */
export type ReceiveContactMessage = { type: 'Receive'; now: string } & Omit<
  ContactMessageReceived['data'],
  'receivedAt'
>;
export type ChangeContactStatus = {
  type: 'ChangeStatus';
  messageId: string;
  status: ContactStatus;
  by: string;
  now: string;
};
export type ContactMessageCommand = ReceiveContactMessage | ChangeContactStatus;
export type ContactInboxRejection = 'AlreadyReceived' | 'NotFound' | 'Backwards';

const ORDER: readonly ContactStatus[] = ['new', 'answered', 'closed'];

/**
 * A message is received once, then only moves forward: new, answered, closed (answered may be skipped). Asking for
 * the status it already has changes nothing, so a double click appends nothing.
 */
export function decideContactMessage(
  command: ContactMessageCommand,
  state: ContactMessage,
): Decision<ContactMessageEvent, Rejection<ContactInboxRejection>> {
  if (command.type === 'Receive') {
    if (state.status !== 'none') return reject('AlreadyReceived');
    const { type: _type, now, ...data } = command;
    return accept({ type: 'ContactMessageReceived', data: { ...data, receivedAt: now } });
  }
  if (state.status === 'none') return reject('NotFound');
  if (command.status === state.status) return accept();
  if (ORDER.indexOf(command.status) < ORDER.indexOf(state.status)) return reject('Backwards');
  return accept({
    type: 'ContactMessageStatusChanged',
    data: { messageId: command.messageId, status: command.status, changedBy: command.by, changedAt: command.now },
  });
}

export const contactMessageDecider: Decider<
  ContactMessage,
  ContactMessageCommand,
  ContactMessageEvent,
  Rejection<ContactInboxRejection>
> = {
  codec: ContactMessageEvent,
  initialState: initialContactMessage,
  evolve: evolveContactMessage,
  decide: decideContactMessage,
};
