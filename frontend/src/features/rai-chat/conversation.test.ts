import type { JournalEntryView } from '@reflections/contracts/rai';
import { conversationFrom } from './conversation';

const entry = (
  id: string,
  userResponse: string,
  aiGuidance: string | null,
  status: JournalEntryView['status'] = aiGuidance ? 'answered' : 'waiting',
): JournalEntryView => ({
  id,
  userResponse,
  aiGuidance,
  mood: null,
  source: 'rai-chat',
  status,
  createdAt: '2026-11-24T08:00:00.000Z',
});

describe('the conversation with RAI', () => {
  it("keeps the reply this page already has while the journal's read side has not caught up", () => {
    const messages = conversationFrom(
      [entry('e1', 'Hard night.', null)],
      [
        {
          requestId: 'r1',
          content: 'Hard night.',
          delivery: 'sent',
          entryId: 'e1',
          reply: { content: 'I am here.', crisis: false },
        },
      ],
    );
    expect(messages.map((m) => [m.type, m.content, m.note])).toEqual([
      ['user', 'Hard night.', undefined],
      ['rai', 'I am here.', undefined],
    ]);
  });

  it('shows a message not yet in the journal once, after the journal, and a failed one as not sent', () => {
    const messages = conversationFrom(
      [entry('e1', 'Earlier.', 'Earlier reply.')],
      [
        {
          requestId: 'r1',
          content: 'Earlier.',
          delivery: 'sent',
          entryId: 'e1',
          reply: { content: 'Earlier reply.', crisis: false },
        },
        { requestId: 'r2', content: 'Now.', delivery: 'failed', failure: 'Please keep it under 10,000 characters' },
      ],
    );
    expect(messages.map((m) => [m.content, m.delivery])).toEqual([
      ['Earlier.', 'sent'],
      ['Earlier reply.', undefined],
      ['Now.', 'failed'],
    ]);
  });
});
