import type * as t from 'io-ts';
import { WelcomePreferenceChanged } from '@reflections/contracts/welcome';
import { accept, type Decider, type Rejection } from '@reflections/platform/command/decider';

/** Whether the dashboard greets the member with its welcome: yes until he says otherwise. */
export type WelcomePreference = { readonly showWelcome: boolean };

export type SetWelcomePreference = {
  readonly type: 'SetWelcomePreference';
  readonly userId: string;
  readonly showWelcome: boolean;
  readonly now: string;
};

/** Only a change is a fact: ticking the box twice, or in two tabs, records it once. */
export const welcomeDecider: Decider<
  WelcomePreference,
  SetWelcomePreference,
  WelcomePreferenceChanged,
  Rejection<never>
> = {
  codec: WelcomePreferenceChanged as unknown as t.Type<WelcomePreferenceChanged, unknown, unknown>,
  initialState: { showWelcome: true },
  evolve: (_state, event) => ({ showWelcome: event.data.showWelcome }),
  decide: (command, state) =>
    command.showWelcome === state.showWelcome
      ? accept()
      : accept({
          type: 'WelcomePreferenceChanged',
          data: { userId: command.userId, showWelcome: command.showWelcome, changedAt: command.now },
        }),
};
