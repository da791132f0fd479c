/**
 * The crisis resources RAI puts first in a reply when crisis language appears: one block,
 * kept in code (never in a prompt), so no model output can change or drop it. The
 * frontend recognises the block at the start of a reply and shows it once, as links a
 * member can tap (tel:, sms:, https:); any other reader gets the same links as text.
 */
export const CRISIS_LINES = {
  lifeline: { href: 'tel:988', label: 'Call or text 988' },
  textLine: { href: 'sms:741741?body=HOME', label: 'Text HOME to 741741' },
  emergency: { href: 'tel:911', label: 'Call 911' },
  worldwide: { href: 'https://findahelpline.com', label: 'findahelpline.com' },
} as const;

/** Said beside the resources wherever they appear: a member must never think RAI is a person. */
export const RAI_IS_AN_AI =
  'I am RAI, an AI, not a person and not a therapist. The people at these lines are real, and they are there right now.';

export const CRISIS_RESOURCES_TEXT = [
  'If you are thinking about ending your life, please reach a person now.',
  `US: ${CRISIS_LINES.lifeline.label} (${CRISIS_LINES.lifeline.href}), the Suicide & Crisis Lifeline, or ${CRISIS_LINES.textLine.label} (${CRISIS_LINES.textLine.href}).`,
  `Elsewhere: ${CRISIS_LINES.worldwide.href} lists free lines in your country.`,
  `In immediate danger: ${CRISIS_LINES.emergency.label} (${CRISIS_LINES.emergency.href}) or your local emergency number.`,
  RAI_IS_AN_AI,
].join('\n');

/** The block replies recorded before this one opened with: recognised too, so old replies show their resources once as well. */
const EARLIER_BLOCKS = [
  [
    'What you wrote matters, and you deserve support from a real person right now.',
    'If you are in the US, call or text 988 (Suicide & Crisis Lifeline), or text HOME to 741741 (Crisis Text Line).',
    'If you or someone else is in immediate danger, call 911.',
    'Outside the US, findahelpline.com lists free, confidential lines in your country.',
    'Please reach out to one of them, or to someone you trust, now. I am RAI, an AI guide, not a therapist, and I am not able to keep you safe the way a person can.',
  ].join(' '),
];

/**
 * The five-minute story's next prompt after an answer with crisis language, instead of
 * the story's own (which would ask him to go on reflecting as if nothing was said): the
 * resources stand above it, and it asks about safety before anything else.
 */
export const CRISIS_STORY_PROMPT =
  'Thank you for trusting me with this. Before anything else: are you safe right now? The lines above are answered by real people, day and night. If you want to keep writing, write whatever you need to.';

/** A reply with the resources first: the block, a blank line, then RAI's words. */
export const withCrisisResources = (words: string) => `${CRISIS_RESOURCES_TEXT}\n\n${words}`;

/**
 * A reply split into whether it opens with the resources and RAI's own words after them.
 * Works on a reply still being streamed too: the worker sends the whole block as its first piece.
 */
export function splitCrisisResources(reply: string): { resources: boolean; words: string } {
  for (const block of [CRISIS_RESOURCES_TEXT, ...EARLIER_BLOCKS]) {
    if (reply.startsWith(block)) return { resources: true, words: reply.slice(block.length).replace(/^\s+/, '') };
  }
  return { resources: false, words: reply };
}
