import { initialJourneyState, type JourneyState } from './journey-machine';
import { forgetJourney, journeyInProgress, keepJourney, restoreJourney } from './journey-storage';

const atTerms: JourneyState = {
  phase: 'steps',
  step: 19,
  firstName: 'Sam',
  answers: { gender: 'male', returnToSelf: ['walk', 'music'] },
  email: 'sam@example.com',
  password: 'campfire-42',
  acceptedTerms: true,
};

beforeEach(() => forgetJourney());

describe('the journey kept in the tab', () => {
  it('never stores the password', () => {
    keepJourney(atTerms);
    expect(JSON.stringify(window.sessionStorage)).not.toContain('campfire-42');
    expect(window.sessionStorage.getItem('reflections.journey')).not.toContain('password');
  });

  it('comes back with every answer, at the password step at the latest, since the password is gone', () => {
    keepJourney(atTerms);
    expect(restoreJourney()).toEqual({ ...atTerms, step: 18, password: '' });
    keepJourney({ ...atTerms, step: 10 });
    expect(restoreJourney().step).toBe(10);
  });

  it('starts afresh when nothing, or nothing sensible, was kept', () => {
    expect(restoreJourney()).toEqual(initialJourneyState);
    window.sessionStorage.setItem('reflections.journey', '{"phase":"steps","step":99}');
    expect(restoreJourney()).toEqual(initialJourneyState);
    window.sessionStorage.setItem('reflections.journey', 'not json');
    expect(restoreJourney()).toEqual(initialJourneyState);
  });

  it('forgets everything once the account exists', () => {
    keepJourney(atTerms);
    forgetJourney();
    expect(restoreJourney()).toEqual(initialJourneyState);
  });

  it('counts as in progress once a name or an answer was given', () => {
    expect(journeyInProgress(initialJourneyState)).toBe(false);
    expect(journeyInProgress({ ...initialJourneyState, phase: 'steps' })).toBe(false);
    expect(journeyInProgress({ ...initialJourneyState, phase: 'steps', firstName: 'Sam' })).toBe(true);
  });
});
