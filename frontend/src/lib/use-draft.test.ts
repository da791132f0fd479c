import { clearDraftValues, readDraftValues, writeDraftValues } from './use-draft';

describe('drafts kept in this browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads kept values back over the empty form until they are cleared', () => {
    writeDraftValues('journal.u1', { userInput: 'half a thought' });
    expect(readDraftValues('journal.u1', { userInput: '', mood: '' })).toEqual({
      userInput: 'half a thought',
      mood: '',
    });
    clearDraftValues('journal.u1');
    expect(readDraftValues('journal.u1', { userInput: '', mood: '' })).toEqual({ userInput: '', mood: '' });
  });

  it("never reads one member's draft for another, nor any without a key", () => {
    writeDraftValues('journal.sam', { userInput: 'private' });
    expect(readDraftValues('journal.alex', { userInput: '' })).toEqual({ userInput: '' });
    expect(readDraftValues(null, { userInput: '' })).toEqual({ userInput: '' });
  });

  it('reads a plain-text draft kept before its form into the named field, even one that looks like JSON', () => {
    window.localStorage.setItem('reflections.draft.chat.u1', 'An old line');
    window.localStorage.setItem('reflections.draft.chat.u2', '42');
    expect(readDraftValues('chat.u1', { journalEntry: '' }, 'journalEntry')).toEqual({ journalEntry: 'An old line' });
    expect(readDraftValues('chat.u2', { journalEntry: '' }, 'journalEntry')).toEqual({ journalEntry: '42' });
    expect(readDraftValues('chat.u1', { journalEntry: '' })).toEqual({ journalEntry: '' });
  });
});
