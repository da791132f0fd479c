import {
  MAX_FIRST_NAME_LENGTH,
  MAX_JOURNEY_ANSWER_LENGTH,
  RegisterRequest,
  type JourneyAnswersRequest,
} from '@reflections/contracts/identity';
import { JOURNEY_QUESTIONS } from '@reflections/contracts/onboarding';
import { codecMessage } from '../../lib/codec-message';
import { journeyStep, stepsOf, type StepRange } from './journey-steps';

/** The onboarding journey as a pure reducer (docs/product.md#journey): where the person is and what they answered. */
export type Answer = string | readonly string[];

export type JourneyState = {
  readonly phase: 'intro' | 'steps';
  /** 1 to 19. */
  readonly step: number;
  readonly firstName: string;
  /** By the contract's question field: a choice value or text, or the chosen values of a multiple-choice question. */
  readonly answers: Readonly<Record<string, Answer>>;
  readonly email: string;
  readonly password: string;
  readonly acceptedTerms: boolean;
};

export type JourneyEvent =
  | { readonly type: 'introFinished' }
  | { readonly type: 'firstNameChanged'; readonly value: string }
  | { readonly type: 'answered'; readonly field: string; readonly value: string }
  | { readonly type: 'choiceToggled'; readonly field: string; readonly value: string }
  | { readonly type: 'emailChanged'; readonly value: string }
  | { readonly type: 'passwordChanged'; readonly value: string }
  | { readonly type: 'termsToggled'; readonly accepted: boolean }
  | { readonly type: 'advanced' }
  | { readonly type: 'wentBack' }
  | { readonly type: 'returnedTo'; readonly step: number };

export const initialJourneyState: JourneyState = {
  phase: 'intro',
  step: 1,
  firstName: '',
  answers: {},
  email: '',
  password: '',
  acceptedTerms: false,
};

/** Whether the current step has an answer, so Next (or Continue, or Create my account) may go on. */
export function canAdvance(state: JourneyState): boolean {
  if (state.phase !== 'steps') return false;
  const step = journeyStep(state.step);
  switch (step.kind) {
    case 'firstName':
      return state.firstName.trim() !== '' && state.firstName.trim().length <= MAX_FIRST_NAME_LENGTH;
    case 'question': {
      const answer = state.answers[step.question.field];
      if (step.question.kind === 'multiple') return Array.isArray(answer) && answer.length > 0;
      if (step.question.kind === 'text')
        return typeof answer === 'string' && answer.trim() !== '' && answer.trim().length <= MAX_JOURNEY_ANSWER_LENGTH;
      return typeof answer === 'string' && step.question.choices.some((c) => c.value === answer);
    }
    // The registration's own field codecs: the step goes on only with what the server will accept.
    case 'email':
      return codecMessage(RegisterRequest.type.props.email, state.email) === undefined;
    case 'password':
      return codecMessage(RegisterRequest.type.props.password, state.password) === undefined;
    case 'terms':
      return state.acceptedTerms;
  }
}

const toggle = (chosen: Answer | undefined, value: string): readonly string[] => {
  const list = Array.isArray(chosen) ? chosen : [];
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
};

/** A signed-in member's journey (issue 25) starts at the first question: there is no intro and no name to ask. */
export const initialMemberJourneyState: JourneyState = {
  ...initialJourneyState,
  phase: 'steps',
  step: stepsOf('member').first,
};

/** The journey that asks `steps` (stepsOf: a visitor's, or a signed-in member's). */
export const journeyMachineFor =
  (steps: StepRange) =>
  (state: JourneyState, event: JourneyEvent): JourneyState =>
    transition(state, event, steps);

/** A visitor's journey: all 19 steps. */
export const journeyMachine = journeyMachineFor(stepsOf('visitor'));

function transition(state: JourneyState, event: JourneyEvent, steps: StepRange): JourneyState {
  switch (event.type) {
    case 'introFinished':
      return state.phase === 'intro' ? { ...state, phase: 'steps' } : state;
    case 'firstNameChanged':
      return { ...state, firstName: event.value };
    case 'answered':
      return { ...state, answers: { ...state.answers, [event.field]: event.value } };
    case 'choiceToggled':
      return {
        ...state,
        answers: { ...state.answers, [event.field]: toggle(state.answers[event.field], event.value) },
      };
    case 'emailChanged':
      return { ...state, email: event.value };
    case 'passwordChanged':
      return { ...state, password: event.value };
    case 'termsToggled':
      return { ...state, acceptedTerms: event.accepted };
    case 'advanced':
      // The last step does not advance: it submits.
      return canAdvance(state) && state.step < steps.last ? { ...state, step: state.step + 1 } : state;
    case 'wentBack':
      return state.phase === 'steps' && state.step > steps.first ? { ...state, step: state.step - 1 } : state;
    case 'returnedTo':
      // Only backwards: the steps in between stay answered, the ones after were never skipped.
      return state.phase === 'steps' && event.step >= steps.first && event.step < state.step
        ? { ...state, step: event.step }
        : state;
  }
}

const single = (answer: Answer | undefined) => (typeof answer === 'string' ? answer.trim() : '');
const many = (answer: Answer | undefined) => (Array.isArray(answer) ? [...answer] : []);

/** The answers to the questions, as a signed-in member sends them (issue 25) and the registration carries them. */
export function answersOf(state: JourneyState): JourneyAnswersRequest {
  // The contract lists exactly these question fields (the unit test decodes the result with JourneyAnswersRequest).
  return Object.fromEntries(
    JOURNEY_QUESTIONS.map((q) => [
      q.field,
      q.kind === 'multiple' ? many(state.answers[q.field]) : single(state.answers[q.field]),
    ]),
  ) as JourneyAnswersRequest;
}

/** The registration payload (docs/product.md#identity-calls), once every step is answered. */
export function registrationOf(state: JourneyState): RegisterRequest {
  return {
    ...answersOf(state),
    firstName: state.firstName.trim(),
    email: state.email.trim(),
    password: state.password,
    acceptedTerms: true,
    // The server assigns the archetype; the field stays in the payload as an empty string (docs/product.md#identity-calls).
    archetype: '',
  };
}
