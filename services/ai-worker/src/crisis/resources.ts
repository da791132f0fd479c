/**
 * What RAI says first whenever crisis language appears, whichever responder answers.
 * Kept in code, not in any prompt, so no model output can change or drop it.
 */
export const CRISIS_RESOURCES = [
  'What you wrote matters, and you deserve support from a real person right now.',
  'If you are in the US, call or text 988 (Suicide & Crisis Lifeline), or text HOME to 741741 (Crisis Text Line).',
  'If you or someone else is in immediate danger, call 911.',
  'Outside the US, findahelpline.com lists free, confidential lines in your country.',
  'Please reach out to one of them, or to someone you trust, now. I am RAI, an AI guide, not a therapist, and I am not able to keep you safe the way a person can.',
].join(' ');

/** The reply with the resources first, whatever the responder wrote after them. */
export const withCrisisResources = (reply: string) => `${CRISIS_RESOURCES}\n\n${reply}`;
