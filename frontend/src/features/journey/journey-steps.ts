import { JOURNEY_QUESTIONS, JOURNEY_STEP_COUNT, type JourneyQuestion } from '@reflections/contracts/onboarding';

/** What each of the 19 steps asks (docs/product.md#journey): the name, the questions of the contract, then credentials and terms. */
export type JourneyStep =
  | { readonly kind: 'firstName' }
  | { readonly kind: 'question'; readonly question: JourneyQuestion }
  | { readonly kind: 'email' }
  | { readonly kind: 'password' }
  | { readonly kind: 'terms' };

export const JOURNEY_STEPS: readonly JourneyStep[] = [
  { kind: 'firstName' },
  ...JOURNEY_QUESTIONS.map((question): JourneyStep => ({ kind: 'question', question })),
  { kind: 'email' },
  { kind: 'password' },
  { kind: 'terms' },
];

// The contract fixes the count; a question added there without a step count change would shift email and terms.
if (JOURNEY_STEPS.length !== JOURNEY_STEP_COUNT) {
  throw new Error(`The journey has ${JOURNEY_STEPS.length} steps, the contract says ${JOURNEY_STEP_COUNT}`);
}

/** The step with 1-based number `step`. */
export const journeyStep = (step: number): JourneyStep =>
  JOURNEY_STEPS[Math.min(Math.max(step, 1), JOURNEY_STEP_COUNT) - 1];

/** The step at which the contract's `field` (a question, 'email' or 'password') is asked. */
export function stepOf(field: string): number | null {
  const index = JOURNEY_STEPS.findIndex((s) => (s.kind === 'question' ? s.question.field === field : s.kind === field));
  return index === -1 ? null : index + 1;
}

/** The heading a step is asked under, and a line of help below it. */
export function stepHeading(step: JourneyStep): { readonly title: string; readonly hint?: string } {
  switch (step.kind) {
    case 'firstName':
      return { title: 'What should we call you?' };
    case 'question':
      return { title: step.question.question, hint: step.question.hint };
    case 'email':
      return { title: 'Where can we reach you?' };
    case 'password':
      return { title: 'Choose a password' };
    case 'terms':
      return { title: 'One last thing' };
  }
}

/**
 * Who takes the journey: a visitor, whose journey ends in an account (all 19 steps), or a
 * signed-in member registered without answers (issue 25), who has a name, an email and a
 * password already and answers only the questions.
 */
export type JourneyVariant = 'visitor' | 'member';

/** The first and the last step a variant of the journey asks. */
export type StepRange = { readonly first: number; readonly last: number };

const QUESTION_STEPS: StepRange = {
  first: stepOf(JOURNEY_QUESTIONS[0].field)!,
  last: stepOf(JOURNEY_QUESTIONS[JOURNEY_QUESTIONS.length - 1].field)!,
};

export const stepsOf = (variant: JourneyVariant): StepRange =>
  variant === 'visitor' ? { first: 1, last: JOURNEY_STEP_COUNT } : QUESTION_STEPS;
