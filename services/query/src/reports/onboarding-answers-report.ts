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
  description: "Members who gave each answer to the journey's choice questions, by the archetype they were given. Free-text answers are never counted; an archetype with fewer than 5 members is not shown.",
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
    // Every member answers each single-choice question once, so the smallest per-question total is the archetype's size.
    sql: `WITH per_question AS (SELECT archetype, question, sum(members) AS answered FROM report_onboarding_answers GROUP BY 1, 2),
               archetypes AS (SELECT archetype, min(answered)::int AS archetype_members FROM per_question GROUP BY 1)
          SELECT archetype, question, answer, members, archetype_members
            FROM report_onboarding_answers JOIN archetypes USING (archetype)
           ORDER BY archetype, question, members DESC, answer`,
    columns: [
      { field: 'archetype', label: 'Archetype' },
      { field: 'question', label: 'Question' },
      { field: 'answer', label: 'Answer' },
      { field: 'members', label: 'Members' },
    ],
    chart: null,
  },
  // A whole questionnaire of an archetype with one member is that member's answers.
  privacy: { peopleCounts: ['members'], groupSize: 'archetype_members' },
};
