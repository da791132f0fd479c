import type { WelcomePreferenceChanged } from '@reflections/contracts/welcome';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { welcomeDecider } from './welcome-decider';

const now = '2026-11-26T08:00:00.000Z';
const changed = (showWelcome: boolean): WelcomePreferenceChanged => ({
  type: 'WelcomePreferenceChanged',
  data: { userId: 'u1', showWelcome, changedAt: now },
});
const set = (showWelcome: boolean) => ({ type: 'SetWelcomePreference' as const, userId: 'u1', showWelcome, now });
const spec = deciderSpecification(welcomeDecider);

describe('the welcome preference decider', () => {
  it("records 'Don't show this again' for a member who never chose", () => {
    spec.given().when(set(false)).then(changed(false));
  });

  it('records nothing when the choice is the one already made', () => {
    spec.given().when(set(true)).then();
    spec.given(changed(false)).when(set(false)).then();
  });

  it('records the welcome brought back after it was turned off', () => {
    spec.given(changed(false)).when(set(true)).then(changed(true));
  });
});
