import type { ContactMessageEvent, ContactStatus } from '@reflections/contracts/contact';

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

type Decision = { ok: true; events: ContactMessageEvent[] } | { ok: false; reason: ContactInboxRejection };

const ORDER: readonly ContactStatus[] = ['new', 'answered', 'closed'];

/**
 * A message only moves forward: new, answered, closed (answered may be skipped). Asking for
 * the status it already has changes nothing, so a double click appends nothing.
 */
export function decideContactStatus(command: ChangeContactStatus, state: ContactMessage): Decision {
  if (state.status === 'none') return { ok: false, reason: 'NotFound' };
  if (command.status === state.status) return { ok: true, events: [] };
  if (ORDER.indexOf(command.status) < ORDER.indexOf(state.status)) return { ok: false, reason: 'Backwards' };
  return { ok: true, events: [{ type: 'ContactMessageStatusChanged', data: { messageId: command.messageId, status: command.status, changedBy: command.by, changedAt: command.now } }] };
}
