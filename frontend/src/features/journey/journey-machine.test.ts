import {
  JourneyAnswersRequest,
  MAX_FIRST_NAME_LENGTH,
  MAX_JOURNEY_ANSWER_LENGTH,
  RegisterRequest,
} from '@reflections/contracts/identity';
import { JOURNEY_QUESTIONS, JOURNEY_STEP_COUNT } from '@reflections/contracts/onboarding';
import {
  answersOf,
  canAdvance,
  initialJourneyState,
  initialMemberJourneyState,
  journeyMachine,
  journeyMachineFor,
  registrationOf,
  type JourneyEvent,
  type JourneyState,
} from './journey-machine';
import { JOURNEY_STEPS, stepOf, stepsOf } from './journey-steps';

const run = (events: JourneyEvent[], from: JourneyState = initialJourneyState) => events.reduce(journeyMachine, from);
const started = run([{ type: 'introFinished' }]);
const at = (step: number, state: Partial<JourneyState> = {}): JourneyState => ({ ...started, ...state, step });

/** An answer for every question of the contract, as a person would give it. */
function answerEvents(): JourneyEvent[] {
  return JOURNEY_QUESTIONS.flatMap((q): JourneyEvent[] => {
    if (q.kind === 'text') return [{ type: 'answered', field: q.field, value: `  my answer to ${q.field}  ` }];
    if (q.kind === 'multiple') return [{ type: 'choiceToggled', field: q.field, value: q.choices[0].value }];
    return [{ type: 'answered', field: q.field, value: q.choices[q.choices.length - 1].value }];
  });
}

describe('journey steps', () => {
  it('has 19 steps: name, the 15 questions in contract order, email, password, terms', () => {
    expect(JOURNEY_STEPS).toHaveLength(JOURNEY_STEP_COUNT);
    expect(JOURNEY_STEPS.map((s) => (s.kind === 'question' ? s.question.field : s.kind))).toEqual([
      'firstName',
      ...JOURNEY_QUESTIONS.map((q) => q.field),
      'email',
      'password',
      'terms',
    ]);
    expect([stepOf('gender'), stepOf('returnToSelf'), stepOf('email'), stepOf('password'), stepOf('nope')]).toEqual([
      2,
      7,
      17,
      18,
      null,
    ]);
  });
});

describe('journey machine', () => {
  it('starts with the intro, where nothing can advance', () => {
    expect(initialJourneyState.phase).toBe('intro');
    expect(canAdvance(run([{ type: 'firstNameChanged', value: 'Sam' }]))).toBe(false);
  });

  it('needs a first name that is not blank once trimmed', () => {
    expect(canAdvance(started)).toBe(false);
    expect(canAdvance(run([{ type: 'firstNameChanged', value: '   ' }], started))).toBe(false);
    const named = run([{ type: 'firstNameChanged', value: ' Sam ' }, { type: 'advanced' }], started);
    expect(named.step).toBe(2);
  });

  it('waits at a first name or a written answer longer than the server keeps', () => {
    expect(canAdvance(run([{ type: 'firstNameChanged', value: 'S'.repeat(MAX_FIRST_NAME_LENGTH + 1) }], started))).toBe(
      false,
    );
    const written = JOURNEY_QUESTIONS.find((q) => q.kind === 'text')!;
    const step = stepOf(written.field)!;
    expect(
      canAdvance(
        run([{ type: 'answered', field: written.field, value: 'a'.repeat(MAX_JOURNEY_ANSWER_LENGTH + 1) }], at(step)),
      ),
    ).toBe(false);
    expect(
      canAdvance(
        run([{ type: 'answered', field: written.field, value: 'a'.repeat(MAX_JOURNEY_ANSWER_LENGTH) }], at(step)),
      ),
    ).toBe(true);
  });

  it('does not advance an unanswered step', () => {
    expect(run([{ type: 'advanced' }], at(2)).step).toBe(2);
  });

  it('accepts only a listed choice for a single-choice question', () => {
    expect(canAdvance(run([{ type: 'answered', field: 'gender', value: 'Robot' }], at(2)))).toBe(false);
    expect(canAdvance(run([{ type: 'answered', field: 'gender', value: 'Male' }], at(2)))).toBe(true);
  });

  it('needs at least one choice for returnToSelf, and toggling twice removes it', () => {
    const step = stepOf('returnToSelf')!;
    const once = run([{ type: 'choiceToggled', field: 'returnToSelf', value: 'nature' }], at(step));
    expect(canAdvance(once)).toBe(true);
    const twice = run(
      [
        { type: 'choiceToggled', field: 'returnToSelf', value: 'breath' },
        { type: 'choiceToggled', field: 'returnToSelf', value: 'nature' },
      ],
      once,
    );
    expect(twice.answers.returnToSelf).toEqual(['breath']);
    const none = run([{ type: 'choiceToggled', field: 'returnToSelf', value: 'breath' }], twice);
    expect(none.answers.returnToSelf).toEqual([]);
    expect(canAdvance(none)).toBe(false);
  });

  it('needs non-blank text for a text question', () => {
    const step = stepOf('wishOthersKnew')!;
    expect(canAdvance(run([{ type: 'answered', field: 'wishOthersKnew', value: '  \n ' }], at(step)))).toBe(false);
    expect(canAdvance(run([{ type: 'answered', field: 'wishOthersKnew', value: 'That I try.' }], at(step)))).toBe(true);
  });

  it.each([
    ['', false],
    ['sam', false],
    ['sam@example', false],
    ['sam@example.com', true],
  ])('email %j can advance: %s', (email, expected) => {
    expect(canAdvance(run([{ type: 'emailChanged', value: email }], at(17)))).toBe(expected);
  });

  it.each([
    ['', false],
    ['12345', false],
    ['123456', true],
    ['      ', false],
    ['  a b  ', true],
    ['p'.repeat(200), true],
    ['p'.repeat(201), false],
  ])('password %j can advance: %s', (password, expected) => {
    expect(canAdvance(run([{ type: 'passwordChanged', value: password }], at(18)))).toBe(expected);
  });

  it('gates the last step on the terms and never advances past it', () => {
    expect(canAdvance(at(19))).toBe(false);
    const accepted = run([{ type: 'termsToggled', accepted: true }, { type: 'advanced' }], at(19));
    expect(canAdvance(accepted)).toBe(true);
    expect(accepted.step).toBe(19);
    expect(canAdvance(run([{ type: 'termsToggled', accepted: false }], accepted))).toBe(false);
  });

  it('goes back one step at a time, keeping the answers, but not before the name', () => {
    const back = run([{ type: 'wentBack' }], at(3, { answers: { gender: 'Male' } }));
    expect(back).toMatchObject({ step: 2, answers: { gender: 'Male' } });
    expect(run([{ type: 'wentBack' }], at(1)).step).toBe(1);
  });

  it('returns to an earlier step, never to a later one', () => {
    expect(run([{ type: 'returnedTo', step: 17 }], at(19)).step).toBe(17);
    expect(run([{ type: 'returnedTo', step: 19 }], at(17)).step).toBe(17);
  });

  it('walks all 19 steps and builds a payload the contract accepts', () => {
    const events: JourneyEvent[] = [
      { type: 'introFinished' },
      { type: 'firstNameChanged', value: ' Sam ' },
      { type: 'advanced' },
      ...answerEvents().flatMap((e): JourneyEvent[] => [e, { type: 'advanced' }]),
      { type: 'emailChanged', value: ' sam@example.com ' },
      { type: 'advanced' },
      { type: 'passwordChanged', value: 'secret1' },
      { type: 'advanced' },
      { type: 'termsToggled', accepted: true },
    ];
    const done = run(events);
    expect(done.step).toBe(19);
    expect(canAdvance(done)).toBe(true);

    const payload = registrationOf(done);
    expect(RegisterRequest.decode(payload)._tag).toBe('Right');
    expect(payload).toMatchObject({
      firstName: 'Sam',
      gender: 'Female',
      returnToSelf: ['nature'],
      wishOthersKnew: 'my answer to wishOthersKnew',
      email: 'sam@example.com',
      password: 'secret1',
      acceptedTerms: true,
      archetype: '',
    });
    expect(Object.keys(payload).sort()).toEqual(Object.keys(RegisterRequest.type.props).sort());
  });
});

describe("a signed-in member's journey (issue 25)", () => {
  const memberMachine = journeyMachineFor(stepsOf('member'));
  const runAsMember = (events: JourneyEvent[], from: JourneyState = initialMemberJourneyState) =>
    events.reduce(memberMachine, from);
  const first = stepOf(JOURNEY_QUESTIONS[0].field)!;
  const last = stepOf(JOURNEY_QUESTIONS[JOURNEY_QUESTIONS.length - 1].field)!;

  it('starts at the first question, with no intro and no name, and goes back no further', () => {
    expect(initialMemberJourneyState).toMatchObject({ phase: 'steps', step: first });
    expect(stepsOf('member')).toEqual({ first, last });
    expect(runAsMember([{ type: 'wentBack' }]).step).toBe(first);
    expect(runAsMember([{ type: 'returnedTo', step: 1 }], { ...initialMemberJourneyState, step: first + 2 }).step).toBe(
      first + 2,
    );
  });

  it('ends at the last question, never asks for email, password or terms, and sends answers the contract accepts', () => {
    const done = runAsMember([...answerEvents().flatMap((e): JourneyEvent[] => [e, { type: 'advanced' }])]);
    expect(done.step).toBe(last);
    expect(canAdvance(done)).toBe(true);
    const answers = answersOf(done);
    expect(JourneyAnswersRequest.decode(answers)._tag).toBe('Right');
    expect(Object.keys(answers).sort()).toEqual(Object.keys(JourneyAnswersRequest.type.props).sort());
    expect(answers).toMatchObject({ wishOthersKnew: 'my answer to wishOthersKnew', returnToSelf: ['nature'] });
  });
});
