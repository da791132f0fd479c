import { upcastEvent } from './event-schemas';
import { contactKindOf } from './contact';

describe('what a contact message asks for', () => {
  it('reads erasure and export requests from the words', () => {
    expect(contactKindOf('Please delete my account and all my data.')).toBe('data-erasure');
    expect(contactKindOf('I want to exercise my right to be forgotten.')).toBe('data-erasure');
    expect(contactKindOf('Could you send me all my data as a file?')).toBe('data-export');
    expect(contactKindOf('How do I export my journal data?')).toBe('data-export');
    expect(contactKindOf('When is the next retreat? My brother wants to come too.')).toBe('message');
  });

  it('gives a message stored before kinds existed the kind its words ask for', () => {
    const stored = {
      type: 'ContactMessageReceived',
      data: {
        messageId: 'm1',
        name: 'Jordan',
        email: 'j@example.com',
        interest: 'other',
        message: 'Please erase my profile.',
        receivedAt: '2026-11-01T00:00:00Z',
      },
      metadata: { causedBy: null, correlationId: 'c', schemaVersion: 1 },
    };
    expect(upcastEvent(stored).data).toMatchObject({ kind: 'data-erasure', message: 'Please erase my profile.' });
  });
});
