import { READ_MODELS } from '@reflections/contracts/admin';
import type { ArchetypeId } from '@reflections/contracts/archetypes';
import type { OnboardingAnswers } from '@reflections/contracts/identity';
import { JourneyAnswersRecorded, UserRegistered } from '@reflections/contracts/identity-events';
import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import { dataOf } from '../projection-engine/event-data';
import type { RowsToMerge } from '../projection-engine/merged-rows';
import type { Report } from './report';

// Free-text answers are the member's own words: they stay out of every report.
const CHOICE_QUESTIONS = JOURNEY_QUESTIONS.filter((question) => question.kind !== 'text');

function countChoices(rows: RowsToMerge, given: OnboardingAnswers, archetype: ArchetypeId) {
  const answers: Record<string, string | string[]> = given;
  for (const { field } of CHOICE_QUESTIONS) {
    const chosen = answers[field];
    for (const answer of Array.isArray(chosen) ? chosen : [chosen])
      rows.add('report_onboarding_answers', { archetype, question: field, answer, members: 1 });
  }
}

/** What members answered on the journey, by the archetype it gave them. */
export const onboardingAnswersReport: Report = {
  name: READ_MODELS.onboardingAnswers,
  title: 'Onboarding answers by archetype',
  description:
    "Members who gave each answer to the journey's choice questions, by the archetype they were given. Free-text answers are never counted; an archetype with fewer than 5 members is not shown.",
  tables: {
    report_onboarding_answers: {
      columns: { archetype: 'text', question: 'text', answer: 'text', members: 'integer' },
      key: ['archetype', 'question', 'answer'],
      combine: 'sum',
    },
  },
  handlers: {
    UserRegistered: (rows, event) => {
      const member = dataOf(UserRegistered, event);
      if (member.registeredVia !== 'journey' || !member.answers) return;
      countChoices(rows, member.answers, member.archetype);
    },
    // Issue 25: a member registered without answers who took the journey later, signed in.
    JourneyAnswersRecorded: (rows, event) => {
      const member = dataOf(JourneyAnswersRecorded, event);
      countChoices(rows, member.answers, member.archetype);
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
