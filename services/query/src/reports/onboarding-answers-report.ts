import { UserRegistered } from '@reflections/contracts/identity-events';
import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import { dataOf } from '../infra/event-data';
import type { Report } from './report';

// Free-text answers are the member's own words: they stay out of every report.
const CHOICE_QUESTIONS = JOURNEY_QUESTIONS.filter((question) => question.kind !== 'text');

/** What members answered on the journey, by the archetype it gave them. */
export const onboardingAnswersReport: Report = {
  name: 'onboarding-answers',
  title: 'Onboarding answers by archetype',
  description: "Members who gave each answer to the journey's choice questions, by the archetype they were given. Free-text answers are never counted.",
  tables: {
    report_onboarding_answers: { columns: { archetype: 'text', question: 'text', answer: 'text', members: 'integer' }, key: ['archetype', 'question', 'answer'], combine: 'sum' },
  },
  handlers: {
    UserRegistered: (rows, event) => {
      const member = dataOf(UserRegistered, event);
      if (member.registeredVia !== 'journey' || !member.answers) return;
      const answers: Record<string, string | string[]> = member.answers;
      for (const { field } of CHOICE_QUESTIONS) {
        const given = answers[field];
        for (const answer of Array.isArray(given) ? given : [given]) rows.write('report_onboarding_answers', { archetype: member.archetype, question: field, answer, members: 1 });
      }
    },
  },
  view: {
    sql: 'SELECT archetype, question, answer, members FROM report_onboarding_answers ORDER BY archetype, question, members DESC, answer',
    columns: [
      { field: 'archetype', label: 'Archetype' },
      { field: 'question', label: 'Question' },
      { field: 'answer', label: 'Answer' },
      { field: 'members', label: 'Members' },
    ],
    chart: null,
  },
};
