import type { ContactMessageEvent } from '@reflections/contracts/contact';
import { type ChangeContactStatus, decideContactStatus, evolveContactMessage, initialContactMessage } from './contact-inbox-decider';

const now = '2026-11-24T10:00:00.000Z';
const received: ContactMessageEvent = {
  type: 'ContactMessageReceived',
  data: { messageId: 'm1', name: 'Jordan', email: 'jordan@example.com', interest: 'other', kind: 'data-erasure', message: 'Please delete my account.', receivedAt: now },
};
const changed = (status: 'new' | 'answered' | 'closed'): ContactMessageEvent => ({ type: 'ContactMessageStatusChanged', data: { messageId: 'm1', status, changedBy: 'a1', changedAt: now } });
const to = (status: 'new' | 'answered' | 'closed'): ChangeContactStatus => ({ type: 'ChangeStatus', messageId: 'm1', status, by: 'a1', now });
const when = (command: ChangeContactStatus, ...given: ContactMessageEvent[]) => decideContactStatus(command, given.reduce(evolveContactMessage, initialContactMessage));

describe('contact message status', () => {
  it('moves a new message to answered, then to closed', () => {
    expect(when(to('answered'), received)).toEqual({ ok: true, events: [changed('answered')] });
    expect(when(to('closed'), received, changed('answered'))).toEqual({ ok: true, events: [changed('closed')] });
  });

  it('closes a new message without an answer', () => {
    expect(when(to('closed'), received)).toEqual({ ok: true, events: [changed('closed')] });
  });

  it('appends nothing when the message already has the status', () => {
    expect(when(to('new'), received)).toEqual({ ok: true, events: [] });
    expect(when(to('closed'), received, changed('closed'))).toEqual({ ok: true, events: [] });
  });

  it('never moves a message back', () => {
    expect(when(to('new'), received, changed('answered'))).toEqual({ ok: false, reason: 'Backwards' });
    expect(when(to('answered'), received, changed('closed'))).toEqual({ ok: false, reason: 'Backwards' });
  });

  it('knows no message that was never received', () => {
    expect(when(to('answered'))).toEqual({ ok: false, reason: 'NotFound' });
  });
});
