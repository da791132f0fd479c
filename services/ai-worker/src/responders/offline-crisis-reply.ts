import { createHash } from 'node:crypto';

/**
 * What the offline RAI says when the crisis check fires, after the resources (safe
 * messaging: 988 Lifeline, Samaritans, #chatsafe). Acknowledge, stay with him, ask plainly
 * about safety, point to a person who can help now. Nothing is taken from his words: no
 * mood, no topic, no echo of anything he wrote (a method he named is never repeated), no
 * cheer and no advice.
 */
const ACKNOWLEDGEMENTS = [
  'Thank you for telling me. What you wrote sounds like a lot of pain, and I am taking it seriously.',
  'I am really glad you wrote this down instead of carrying it alone. It sounds like things are very heavy right now.',
  'I hear you. That sounds like more pain than anyone should have to hold by himself, and I am taking it seriously.',
] as const;

const STAYING = 'I am staying right here with you.';

const SAFETY_QUESTIONS = [
  'I want to ask you plainly, because it matters: are you thinking about ending your life? Are you safe right now?',
  'Can I ask you straight out: are you having thoughts of suicide tonight? Are you safe where you are right now?',
] as const;

const PEOPLE = [
  'You do not have to get through tonight on your own. The lines above are answered by real people, right now, by call or text. If you are in danger this minute, call emergency services.',
  'Please let a person in on this now: one of the lines above, or someone you trust who could be with you tonight. Tell them what you told me. If you are in danger this minute, call emergency services.',
] as const;

const pick = <T>(options: readonly T[], seed: string): T =>
  options[createHash('sha256').update(seed).digest().readUInt32BE(0) % options.length];

/** The offline crisis reply, the same for the same seed. */
export const offlineCrisisReply = (seed: string, note: string) =>
  [
    pick(ACKNOWLEDGEMENTS, seed),
    STAYING,
    pick(SAFETY_QUESTIONS, `${seed}:ask`),
    pick(PEOPLE, `${seed}:people`),
    note,
  ].join(' ');
