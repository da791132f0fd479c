import type { JournalEvent, RaiReplyGenerated } from '@reflections/contracts/rai';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
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
const reply: RaiReplyGenerated['data'] = {
  entryId: 'e1',
  userId: 'u1',
  reply: 'I hear you.',
  mood: null,
  insights: [],
  responder: 'offline',
  crisis: false,
  generatedAt: now,
};
const replied: JournalEvent = { type: 'RaiReplyGenerated', data: reply };
const { given } = deciderSpecification(journalDecider);

describe('journal decider', () => {
  it('keeps every entry, after earlier entries and replies too', () => {
    given().when(entry('e1')).then(submitted('e1'));
    given(submitted('e1'), replied).when(entry('e2')).then(submitted('e2'));
  });

  it("records RAI's reply to an entry, alone when it is not a crisis reply", () => {
    given(submitted('e1')).when({ type: 'RecordRaiReply', reply, where: 'chat' }).then(replied);
  });

  it('records a crisis reply with the crisis lines shown where the member wrote, at the time of the reply', () => {
    const crisisReply = { ...reply, crisis: true };
    given(submitted('e1'))
      .when({ type: 'RecordRaiReply', reply: crisisReply, where: 'journal' })
      .then(
        { type: 'RaiReplyGenerated', data: crisisReply },
        { type: 'CrisisResourcesShown', data: { where: 'journal', shownAt: now } },
      );
  });

  it('records that RAI could not answer, and keeps the entry', () => {
    const failure = { entryId: 'e1', userId: 'u1', reason: 'RAI could not answer.', failedAt: now };
    given(submitted('e1'))
      .when({ type: 'RecordRaiReplyFailure', ...failure })
      .then({ type: 'RaiReplyFailed', data: failure });
  });
});
