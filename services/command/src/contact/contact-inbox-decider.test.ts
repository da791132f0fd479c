import type { ContactMessageEvent } from '@reflections/contracts/contact';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { type ChangeContactStatus, contactMessageDecider } from './contact-inbox-decider';

const now = '2026-11-24T10:00:00.000Z';
const received: ContactMessageEvent = {
  type: 'ContactMessageReceived',
  data: {
    messageId: 'm1',
    name: 'Jordan',
    email: 'jordan@example.com',
    interest: 'other',
    kind: 'data-erasure',
    message: 'Please delete my account.',
    receivedAt: now,
  },
};
const changed = (status: 'new' | 'answered' | 'closed'): ContactMessageEvent => ({
  type: 'ContactMessageStatusChanged',
  data: { messageId: 'm1', status, changedBy: 'a1', changedAt: now },
});
const to = (status: 'new' | 'answered' | 'closed'): ChangeContactStatus => ({
  type: 'ChangeStatus',
  messageId: 'm1',
  status,
  by: 'a1',
  now,
});
const { given } = deciderSpecification(contactMessageDecider);

describe('contact message status', () => {
  it('moves a new message to answered, then to closed', () => {
    given(received).when(to('answered')).then(changed('answered'));
    given(received, changed('answered')).when(to('closed')).then(changed('closed'));
  });

  it('closes a new message without an answer', () => {
    given(received).when(to('closed')).then(changed('closed'));
  });

  it('appends nothing when the message already has the status', () => {
    given(received).when(to('new')).then();
    given(received, changed('closed')).when(to('closed')).then();
  });

  it('never moves a message back', () => {
    given(received, changed('answered')).when(to('new')).thenRejects('Backwards');
    given(received, changed('closed')).when(to('answered')).thenRejects('Backwards');
  });

  it('receives a message once', () => {
    const { receivedAt: _at, ...data } = received.data as Extract<
      ContactMessageEvent,
      { type: 'ContactMessageReceived' }
    >['data'];
    given()
      .when({ type: 'Receive', ...data, now })
      .then(received);
    given(received)
      .when({ type: 'Receive', ...data, now })
      .thenRejects('AlreadyReceived');
  });

  it('knows no message that was never received', () => {
    given().when(to('answered')).thenRejects('NotFound');
  });
});
