import { RegisterRequest } from '@reflections/contracts/identity';
import { MIN_PASSWORD_LENGTH } from '@reflections/contracts/onboarding';
import type { Dispatch } from 'react';
import { LimitedTextField } from '../../components/limited-text-field';
import { textLimitsOf } from '../../lib/text-limits';
import { CheckedField } from './checked-field';
import { MultipleChoiceCards, SingleChoiceCards } from './choice-cards';
import { type JourneyEvent, type JourneyState } from './journey-machine';
import type { JourneyStep } from './journey-steps';
import { TermsStep } from './terms-step';

const LIMITS = textLimitsOf(RegisterRequest);

type StepBodyProps = {
  readonly step: JourneyStep;
  readonly state: JourneyState;
  readonly send: Dispatch<JourneyEvent>;
  /** The id of the step's heading, which names its control. */
  readonly headingId: string;
};

/** The control of steps 2 to 19. */
export function JourneyStepBody({ step, state, send, headingId }: StepBodyProps) {
  switch (step.kind) {
    case 'question': {
      const { question } = step;
      const answer = state.answers[question.field];
      if (question.kind === 'single') {
        return (
          <SingleChoiceCards
            labelledBy={headingId}
            choices={question.choices}
            value={typeof answer === 'string' ? answer : ''}
            onChange={(value) => send({ type: 'answered', field: question.field, value })}
          />
        );
      }
      if (question.kind === 'multiple') {
        return (
          <MultipleChoiceCards
            labelledBy={headingId}
            choices={question.choices}
            value={Array.isArray(answer) ? answer : []}
            onChange={(value) => send({ type: 'choiceToggled', field: question.field, value })}
          />
        );
      }
      return (
        <LimitedTextField
          multiline
          minRows={4}
          placeholder={question.placeholder}
          limit={LIMITS[question.field]}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(event) => send({ type: 'answered', field: question.field, value: event.target.value })}
          slotProps={{ htmlInput: { 'aria-labelledby': headingId } }}
        />
      );
    }
    case 'email':
      return (
        <CheckedField
          label="Email"
          type="email"
          autoComplete="email"
          value={state.email}
          onChange={(value) => send({ type: 'emailChanged', value })}
          codec={RegisterRequest.type.props.email}
          hint="This is how you will sign back in."
        />
      );
    case 'password':
      return (
        <CheckedField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={state.password}
          onChange={(value) => send({ type: 'passwordChanged', value })}
          codec={RegisterRequest.type.props.password}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, not only spaces.`}
        />
      );
    case 'terms':
      return (
        <TermsStep accepted={state.acceptedTerms} onChange={(accepted) => send({ type: 'termsToggled', accepted })} />
      );
    case 'firstName':
      // Step 1 has its own screen, with the intro.
      return null;
  }
}
