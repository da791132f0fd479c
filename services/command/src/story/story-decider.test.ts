import type { StoryEvent, StoryStreamEvent } from '@reflections/contracts/story';
import { STORY_MESSAGES } from '@reflections/contracts/story';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import {
  decideStory,
  evolveStorySession,
  initialStorySession,
  storyDecider,
  type SubmitStoryResponse,
} from './story-decider';

const owner = 'user-1';
const startedAt = '2026-11-23T10:00:00.000Z';
const started: StoryEvent = {
  type: 'StorySessionStarted',
  data: { sessionId: 's1', userId: owner, firstPrompt: 'P1', startedAt },
};
const answered = (step: number): StoryEvent => ({
  type: 'StoryResponseSubmitted',
  data: {
    sessionId: 's1',
    userId: owner,
    step,
    response: `A${step}`,
    nextPrompt: step < 5 ? `P${step + 1}` : null,
    submittedAt: startedAt,
  },
});

const stateAfter = (...events: StoryStreamEvent[]) => events.reduce(evolveStorySession, initialStorySession);
const { given } = deciderSpecification(storyDecider);
const answers = (n: number) => Array.from({ length: n }, (_, i) => `A${i + 1}`);
const submit = (overrides: Partial<SubmitStoryResponse> = {}): SubmitStoryResponse => ({
  type: 'SubmitStoryResponse',
  userId: owner,
  userResponses: answers(1),
  claimedStatus: undefined,
  claimedStep: undefined,
  nextPrompt: 'P2',
  startedThisVisit: false,
  now: '2026-11-23T10:04:40.000Z',
  ...overrides,
});

describe('the five-minute story decider', () => {
  it('starts a session at step 1 with the first prompt', () => {
    given()
      .when({ type: 'StartStory', sessionId: 's1', userId: owner, firstPrompt: 'P1', now: startedAt })
      .then(started);
    expect(stateAfter(started)).toMatchObject({ status: 'started', currentStep: 1, prompts: ['P1'], responses: [] });
  });

  it('refuses to start a session that already exists', () => {
    given(started)
      .when({ type: 'StartStory', sessionId: 's1', userId: owner, firstPrompt: 'P1', now: startedAt })
      .thenRejects('AlreadyStarted');
  });

  it('appends an answer before the last step: in progress, one step on, the next prompt added', () => {
    const decision = decideStory(submit(), stateAfter(started));
    expect(decision).toEqual({
      ok: true,
      events: [
        {
          type: 'StoryResponseSubmitted',
          data: {
            sessionId: 's1',
            userId: owner,
            step: 1,
            response: 'A1',
            nextPrompt: 'P2',
            submittedAt: '2026-11-23T10:04:40.000Z',
          },
        },
      ],
    });
    const state = stateAfter(started, ...(decision.ok ? decision.events : []));
    expect(state).toMatchObject({ status: 'in_progress', currentStep: 2, prompts: ['P1', 'P2'], responses: ['A1'] });
  });

  it('completes at step 5 with the story text joined by blank lines and the rounded minutes of this visit', () => {
    const state = stateAfter(started, answered(1), answered(2), answered(3), answered(4));
    expect(state.currentStep).toBe(5);
    const decision = decideStory(
      submit({ userResponses: answers(5), claimedStatus: 'completed', claimedStep: 5, startedThisVisit: true }),
      state,
    );
    expect(decision.ok && decision.events).toEqual([
      { type: 'StoryResponseSubmitted', data: expect.objectContaining({ step: 5, response: 'A5', nextPrompt: null }) },
      {
        type: 'StoryCompleted',
        data: {
          sessionId: 's1',
          userId: owner,
          storyText: 'A1\n\nA2\n\nA3\n\nA4\n\nA5',
          sessionDuration: 5,
          completedAt: '2026-11-23T10:04:40.000Z',
        },
      },
    ]);
    const completed = stateAfter(started, ...answeredSteps(5), ...(decision.ok ? decision.events.slice(1) : []));
    expect(completed).toMatchObject({ status: 'completed', currentStep: 5, responses: answers(5) });
  });

  it('leaves the duration unset when the story was started in an earlier visit', () => {
    const decision = decideStory(submit({ userResponses: answers(5) }), stateAfter(started, ...answeredSteps(4)));
    expect(decision.ok && decision.events[1]).toMatchObject({
      type: 'StoryCompleted',
      data: { sessionDuration: null },
    });
  });

  it('takes no answer after the story is complete', () => {
    const completed: StoryEvent = {
      type: 'StoryCompleted',
      data: { sessionId: 's1', userId: owner, storyText: 'x', sessionDuration: null, completedAt: startedAt },
    };
    given(started, ...answeredSteps(5), completed)
      .when(submit({ userResponses: answers(6) }))
      .thenRejects({ reason: 'Completed', message: STORY_MESSAGES.completed });
  });

  it("treats another member's session as no session at all", () => {
    given(started)
      .when(submit({ userId: 'someone-else' }))
      .thenRejects('NotFound');
    given().when(submit()).thenRejects('NotFound');
  });

  it.each([
    ['no new answer', { userResponses: [] }, 'userResponses', STORY_MESSAGES.answerRequired],
    ['no answers at all', { userResponses: undefined }, 'userResponses', STORY_MESSAGES.answerRequired],
    ['two new answers', { userResponses: answers(2) }, 'userResponses', STORY_MESSAGES.oneAnswerAtATime],
    ['a step past the machine', { claimedStep: 3 }, 'currentStep', STORY_MESSAGES.stepMismatch],
    [
      'a status the machine would not reach',
      { claimedStatus: 'completed' as const },
      'sessionStatus',
      STORY_MESSAGES.statusMismatch,
    ],
  ])('refuses %s, naming the field', (_name, overrides, field, message) => {
    given(started).when(submit(overrides)).thenRejects({ reason: 'Invalid', field, message });
  });

  it('refuses a change to an earlier answer', () => {
    given(started, answered(1))
      .when(submit({ userResponses: ['changed', 'A2'] }))
      .thenRejects({ reason: 'Invalid', field: 'userResponses', message: STORY_MESSAGES.answersChanged });
  });
});

function answeredSteps(n: number): StoryEvent[] {
  return Array.from({ length: n }, (_, i) => answered(i + 1));
}

describe('the crisis banner above a story', () => {
  const shown = { type: 'CrisisResourcesShown', data: { where: 'story', shownAt: startedAt } } as const;
  const dismiss = { type: 'DismissCrisisBanner', userId: owner, now: '2026-11-23T10:06:00.000Z' } as const;
  const dismissed: StoryEvent = {
    type: 'CrisisBannerDismissed',
    data: { sessionId: 's1', userId: owner, dismissedAt: '2026-11-23T10:06:00.000Z' },
  };

  it('comes down when the member says it is not about him, recorded without any text, on an open or completed story', () => {
    given(started, answered(1), shown).when(dismiss).then(dismissed);
    expect(stateAfter(started, answered(1), shown, dismissed).crisisResourcesShown).toBe(false);
    given(started, ...answeredSteps(5), shown)
      .when(dismiss)
      .then(dismissed);
  });

  it("is not dismissed where there is none, nor on somebody else's story", () => {
    given(started).when(dismiss).thenRejects({ reason: 'NoCrisisBanner', message: STORY_MESSAGES.noCrisisBanner });
    given(started, shown)
      .when({ ...dismiss, userId: 'someone-else' })
      .thenRejects('NotFound');
  });

  it('comes back when the resources are shown again after a dismissal', () => {
    expect(stateAfter(started, shown, dismissed, shown).crisisResourcesShown).toBe(true);
  });
});
