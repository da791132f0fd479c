import { MAX_CONTENT_LENGTH, CampfirePostRequest, ReportRequest } from '@reflections/contracts/forum';
import { MAX_ENTRY_LENGTH, ProcessJournalRequest, RAI_MESSAGES } from '@reflections/contracts/rai';
import { textLimitsOf } from './text-limits';

describe('text limits read from a request codec', () => {
  it("finds each bounded field's maximum and the server's own message past it", () => {
    expect(textLimitsOf(ProcessJournalRequest).journalEntry).toEqual({ max: MAX_ENTRY_LENGTH, tooLong: RAI_MESSAGES.tooLong });
    const post = textLimitsOf(CampfirePostRequest);
    expect(post.content.max).toBe(MAX_CONTENT_LENGTH);
    expect(post.title.max).toBeGreaterThan(0);
    expect(Object.keys(textLimitsOf(ReportRequest))).toEqual(['reason']);
  });
});
