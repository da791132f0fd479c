import * as t from 'io-ts';
import { withMessage } from './validation';

/**
 * The dashboard's welcome popup, shown until the member ticks "Don't show this again"
 * (docs/product.md, the dashboard). His choice is kept on his profile, so a new phone or
 * browser does not greet him again; unticking it brings the popup back.
 */
export const WELCOME_MESSAGES = { showWelcome: 'Please say whether to show the welcome (true or false)' } as const;

/** POST /api/me/welcome. */
export const WelcomePreferenceRequest = t.exact(
  t.type({ showWelcome: withMessage(t.boolean, WELCOME_MESSAGES.showWelcome) }),
);
export type WelcomePreferenceRequest = t.TypeOf<typeof WelcomePreferenceRequest>;

export const WelcomePreferenceResponse = t.type({ showWelcome: t.boolean });
export type WelcomePreferenceResponse = t.TypeOf<typeof WelcomePreferenceResponse>;

// ---- Events (stream preferences-{userId}) ----

export const WelcomePreferenceChanged = t.type({
  type: t.literal('WelcomePreferenceChanged'),
  data: t.type({ userId: t.string, showWelcome: t.boolean, changedAt: t.string }),
});
export type WelcomePreferenceChanged = t.TypeOf<typeof WelcomePreferenceChanged>;
