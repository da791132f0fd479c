import { ContactMessageEvent, type ContactStatus } from '@reflections/contracts/contact';
import { accept, type Decider, type Decision, type Rejection, reject } from '../plumbing/command-handler';

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

export type ChangeContactStatus = { type: 'ChangeStatus'; messageId: string; status: ContactStatus; by: string; now: string };
export type ContactInboxRejection = 'NotFound' | 'Backwards';


const ORDER: readonly ContactStatus[] = ['new', 'answered', 'closed'];

/**
 * A message only moves forward: new, answered, closed (answered may be skipped). Asking for
 * the status it already has changes nothing, so a double click appends nothing.
 */
export function decideContactStatus(command: ChangeContactStatus, state: ContactMessage): Decision<ContactMessageEvent, Rejection<ContactInboxRejection>> {
  if (state.status === 'none') return reject('NotFound');
  if (command.status === state.status) return accept();
  if (ORDER.indexOf(command.status) < ORDER.indexOf(state.status)) return reject('Backwards');
  return accept({ type: 'ContactMessageStatusChanged', data: { messageId: command.messageId, status: command.status, changedBy: command.by, changedAt: command.now } });
}

export const contactMessageDecider: Decider<ContactMessage, ChangeContactStatus, ContactMessageEvent, Rejection<ContactInboxRejection>> = {
  codec: ContactMessageEvent,
  initialState: initialContactMessage,
  evolve: evolveContactMessage,
  decide: decideContactStatus,
};
