import type { WelcomePreferenceChanged } from '@reflections/contracts/welcome';
import { welcomeDecider } from './welcome-decider';

const now = '2026-11-26T08:00:00.000Z';
const changed = (showWelcome: boolean): WelcomePreferenceChanged => ({ type: 'WelcomePreferenceChanged', data: { userId: 'u1', showWelcome, changedAt: now } });

/** Given earlier events, when a member sets the preference, then these events. */
const given = (...events: WelcomePreferenceChanged[]) => ({
  when: (showWelcome: boolean) => welcomeDecider.decide({ type: 'SetWelcomePreference', userId: 'u1', showWelcome, now }, events.reduce(welcomeDecider.evolve, welcomeDecider.initial)),
});

describe('the welcome preference decider', () => {
  it("records 'Don't show this again' for a member who never chose", () => {
    expect(given().when(false)).toEqual({ ok: true, events: [changed(false)] });
  });

  it('records nothing when the choice is the one already made', () => {
    expect(given().when(true)).toEqual({ ok: true, events: [] });
    expect(given(changed(false)).when(false)).toEqual({ ok: true, events: [] });
  });

  it('records the welcome brought back after it was turned off', () => {
    expect(given(changed(false)).when(true)).toEqual({ ok: true, events: [changed(true)] });
  });
});
