import type { JournalEvent } from '@reflections/contracts/rai';
import { deciderSpecification } from '../plumbing/decider-specification';
import { journalDecider, type SubmitJournalEntry } from './journal-decider';

const now = '2026-11-26T08:00:00.000Z';
const entry = (entryId: string): SubmitJournalEntry => ({
  type: 'SubmitJournalEntry',
  entryId,
  userId: 'u1',
  source: 'rai-chat',
  text: 'A hard day.',
  prompt: null,
  mood: null,
  now,
});
const submitted = (entryId: string): JournalEvent => ({
  type: 'JournalEntrySubmitted',
  data: { entryId, userId: 'u1', source: 'rai-chat', text: 'A hard day.', prompt: null, mood: null, submittedAt: now },
});
const replied: JournalEvent = {
  type: 'RaiReplyGenerated',
  data: {
    entryId: 'e1',
    userId: 'u1',
    reply: 'I hear you.',
    mood: null,
    insights: [],
    responder: 'offline',
    crisis: false,
    generatedAt: now,
  },
};
const { given } = deciderSpecification(journalDecider);

describe('journal decider', () => {
  it('keeps every entry, after earlier entries and replies too', () => {
    given().when(entry('e1')).then(submitted('e1'));
    given(submitted('e1'), replied).when(entry('e2')).then(submitted('e2'));
  });
});
