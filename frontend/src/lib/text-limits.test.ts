import { MAX_CONTENT_LENGTH, CampfirePostRequest, ReportRequest } from '@reflections/contracts/forum';
import { MAX_ENTRY_LENGTH, ProcessJournalRequest, RAI_MESSAGES } from '@reflections/contracts/rai';
import { MAX_FIRST_NAME_LENGTH, MAX_JOURNEY_ANSWER_LENGTH, RegisterRequest } from '@reflections/contracts/identity';
import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import { textLimitsOf } from './text-limits';

describe('text limits read from a request codec', () => {
  it("finds each bounded field's maximum and the server's own message past it", () => {
    expect(textLimitsOf(ProcessJournalRequest).journalEntry).toEqual({
      max: MAX_ENTRY_LENGTH,
      tooLong: RAI_MESSAGES.tooLong,
    });
    const post = textLimitsOf(CampfirePostRequest);
    expect(post.content.max).toBe(MAX_CONTENT_LENGTH);
    expect(post.title.max).toBeGreaterThan(0);
    expect(Object.keys(textLimitsOf(ReportRequest))).toEqual(['reason']);
  });

  it("finds the journey's first name and every written answer", () => {
    const limits = textLimitsOf(RegisterRequest);
    expect(limits.firstName.max).toBe(MAX_FIRST_NAME_LENGTH);
    for (const question of JOURNEY_QUESTIONS.filter((q) => q.kind === 'text'))
      expect(limits[question.field].max).toBe(MAX_JOURNEY_ANSWER_LENGTH);
  });
});
