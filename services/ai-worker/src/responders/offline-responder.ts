import { createHash } from 'node:crypto';
import { offlineAdminAssistant } from './offline-admin-assistant';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DetectedMood, SessionType } from '@reflections/contracts/rai';
import { detectMood } from './mood';
import { offlineCrisisReply } from './offline-crisis-reply';
import type { JournalReply, JournalReplyRequest, Responder } from './responder';

/** Said once in every conversation, so nobody mistakes the offline RAI for a model. */
export const OFFLINE_NOTE =
  "(This is RAI's offline guide: no AI model is connected right now, so I answer from a fixed set of reflections. I'm not a therapist.)";

/** Picks one of `options`, the same one every time for the same seed. */
const pick = <T>(options: readonly T[], seed: string): T =>
  options[createHash('sha256').update(seed).digest().readUInt32BE(0) % options.length];

const OPENINGS: Record<DetectedMood, readonly string[]> = {
  calm: [
    'There is a steadiness in what you wrote.',
    'It sounds like you have found some solid ground today.',
    'I can hear some quiet in this, and that is worth noticing.',
  ],
  anxious: [
    'That sounds like a lot of worry to carry around.',
    'I can hear the tension in this. Your mind is working hard to keep you safe.',
    'Anxiety has a way of making everything feel urgent. Let us slow it down.',
  ],
  hopeful: [
    'There is real hope in what you wrote.',
    'I can hear you leaning toward something better.',
    'That sounds like the start of a turn, and it is worth holding on to.',
  ],
  frustrated: [
    'That sounds genuinely frustrating.',
    'I can hear the anger in this, and it makes sense that you feel it.',
    'Being fed up usually means something you care about is being pushed on.',
  ],
  sad: [
    'I am sorry. That sounds heavy.',
    'There is real sadness in what you wrote, and you do not have to carry it quietly.',
    'That sounds like it hurts. Thank you for putting it into words.',
  ],
  grateful: [
    'It is good to hear what you are thankful for.',
    'Gratitude like that is worth slowing down for.',
    'That sounds like something good landed in your life.',
  ],
  confused: [
    'It sounds like you are pulled in more than one direction.',
    'Not knowing which way to go is its own kind of tiring.',
    'Being unsure is honest. It means you are taking this seriously.',
  ],
  energized: [
    'I can feel the drive in this.',
    'That sounds like a day with some fire in it.',
    'Good energy. It is worth knowing where it comes from.',
  ],
  overwhelmed: [
    'That sounds like too much landing on you at once.',
    'When everything piles up, even small things feel heavy.',
    'You are carrying a lot. It makes sense that it feels like too much.',
  ],
  contemplative: [
    'Thank you for writing this down.',
    'There is something here worth sitting with.',
    'I hear you. Putting it into words is already a step.',
  ],
};

const TOPICS: readonly { words: readonly string[]; label: string; reflection: string }[] = [
  {
    words: ['work', 'job', 'boss', 'career', 'shift', 'office', 'team'],
    label: 'work',
    reflection: 'Work seems to be taking up a lot of room right now.',
  },
  {
    words: ['wife', 'partner', 'girlfriend', 'husband', 'marriage', 'relationship', 'divorce'],
    label: 'your relationship',
    reflection: 'Your relationship is clearly on your mind.',
  },
  {
    words: ['son', 'daughter', 'kids', 'children', 'kid', 'father', 'dad'],
    label: 'family',
    reflection: 'Being a father, or a son, is a big part of this.',
  },
  {
    words: ['mother', 'mom', 'mum', 'brother', 'sister', 'family', 'parents'],
    label: 'family',
    reflection: 'Family is a big part of what you wrote.',
  },
  {
    words: ['money', 'bills', 'debt', 'rent', 'paycheck', 'mortgage', 'broke'],
    label: 'money',
    reflection: 'Money pressure can sit on everything else.',
  },
  {
    words: ['sleep', 'tired', 'insomnia', 'awake', 'night'],
    label: 'rest',
    reflection: 'Rest, or the lack of it, seems to be part of this.',
  },
  {
    words: ['friend', 'friends', 'buddy', 'mates', 'lonely', 'alone'],
    label: 'connection',
    reflection: 'Connection with other people runs through this.',
  },
  {
    words: ['health', 'body', 'pain', 'doctor', 'injury', 'sick', 'gym', 'workout', 'training'],
    label: 'your body',
    reflection: 'Your body and your health are part of the picture.',
  },
];

const QUESTIONS: Record<DetectedMood, readonly string[]> = {
  calm: [
    'What helped you get to this steady place, so you can find it again?',
    'What would you like to do with this calm while it is here?',
  ],
  anxious: [
    'If you took one slow breath and looked at the worry again, what part of it is actually in your hands today?',
    'What is the worry telling you that you need, underneath the noise?',
  ],
  hopeful: [
    'What is one small step that would keep this hope moving?',
    'Who could you share this with, so it is not only in your head?',
  ],
  frustrated: [
    'What exactly crossed a line for you, and what do you want to happen now?',
    'If the anger could speak calmly, what would it ask for?',
  ],
  sad: [
    'What do you need most right now: company, rest, or someone to talk to?',
    'Who in your life could you let in on this, even a little?',
  ],
  grateful: [
    'Who would you like to thank, and have you told them?',
    'What does this gratitude tell you about what matters to you?',
  ],
  confused: [
    'If you had to choose by tomorrow, which way does your gut lean, and why?',
    'What would you tell a friend who wrote this to you?',
  ],
  energized: [
    'Where do you want to point this energy so it counts?',
    'What made today different, and can you build more of it into your week?',
  ],
  overwhelmed: [
    'If you could put down just one thing this week, which would it be?',
    'What is the one thing that truly needs you today, and what can wait?',
  ],
  contemplative: [
    'What feels most important about this to you right now?',
    'What would you like to understand better about this?',
  ],
};

/**
 * Questions for any mood, asked once the mood's own have been asked in this conversation:
 * quiet and open, never cheerful.
 */
const FOLLOW_UPS: readonly string[] = [
  'What part of this has been with you the longest?',
  'When you picture the next few days, where does this show up?',
  'What would make this a little lighter, even by one degree?',
  'Does anyone in your life know about this?',
  'What do you wish someone would ask you about this?',
  'If you look underneath this, what do you find?',
];

/** The options not yet said in `earlier` replies, or all of them once every one has been. */
function unsaid(options: readonly string[], earlier: readonly string[]): readonly string[] {
  const fresh = options.filter((option) => !earlier.some((reply) => reply.includes(option)));
  return fresh.length > 0 ? fresh : options;
}

/** The next question: one of the mood's own not yet asked, then one of the follow-ups not yet asked. */
function nextQuestion(mood: DetectedMood, earlier: readonly string[], seed: string): string {
  const own = QUESTIONS[mood].filter((question) => !earlier.some((reply) => reply.includes(question)));
  return pick(own.length > 0 ? own : unsaid(FOLLOW_UPS, earlier), seed);
}

const GUIDANCE_PRACTICES: Record<DetectedMood, string> = {
  calm: 'Take a minute to notice where the calm sits in your body, so you can come back to it.',
  anxious:
    'Try the SIT rhythm for a minute: breathe in for 5 seconds, out for 10. A longer out-breath tells your body it is safe.',
  hopeful: 'Write down the one thing you are hoping for in a single sentence, and keep it somewhere you will see it.',
  frustrated: 'Before you act on it, breathe in for 5 and out for 5, three times, then decide what you want to say.',
  sad: 'Let yourself feel it without fixing it for a moment. Sadness moves when it is allowed to.',
  grateful: 'Name three specific things from today you are glad about, however small.',
  confused: 'Write the two options side by side and, under each, what you would be afraid of and what you would gain.',
  energized: 'Pick the one thing that would make this week count and give this energy to it first.',
  overwhelmed: 'Make a list of everything on you, then circle only what must happen today. The rest can wait.',
  contemplative: 'Stay with the question for five quiet minutes before you write again.',
};

const REFLECTION_PROMPTS: Record<SessionType, readonly string[]> = {
  'check-in': [
    'How are you really doing today, not the answer you give at work?',
    'What is taking up the most room in your head today?',
    'On a scale from running on empty to full tank, where are you, and why?',
    'What did your body tell you today that you ignored?',
  ],
  reflection: [
    'Think of a moment this week when you felt most like yourself. What was happening?',
    'What is something you handled better than you would have a year ago?',
    'What did you carry this week that nobody else saw?',
    'When did you last feel proud of yourself, and did you let yourself feel it?',
  ],
  'deep-dive': [
    'What is a belief about being a man that you grew up with, and does it still serve you?',
    'What are you avoiding, and what would it cost you to face it?',
    'Whose approval are you still working for, and what would change if you let it go?',
    'What would the version of you who is at peace do differently tomorrow?',
  ],
  guidance: [
    'What decision is in front of you, and what is the smallest next step?',
    'What would you do if you trusted yourself a little more?',
    'Where do you need help right now, and who could you ask?',
    'What is one thing you can let go of this week to make room for what matters?',
  ],
};

const STORY_PROMPTS: readonly (readonly string[])[] = [
  [
    'Think of a moment that shaped who you are today. Where were you, and what happened?',
    'Start with a time you remember clearly, good or hard. Set the scene: where were you?',
  ],
  [
    'What did you feel in that moment, and what did you do with the feeling?',
    'What was going through your mind as it happened?',
  ],
  [
    'Who else was part of this story, and what did they mean to you?',
    'How did the people around you respond, and how did that land?',
  ],
  ['Looking back now, what did that moment teach you?', 'What do you understand now that you could not see then?'],
  [
    'If you could say one thing to yourself back then, what would it be?',
    'How does that story show up in the man you are today?',
  ],
];

/** The first topic whose words appear in the text, if any. */
function topicOf(text: string) {
  const words = new Set(text.toLowerCase().split(/[^a-z]+/));
  return TOPICS.find((topic) => topic.words.some((word) => words.has(word))) ?? null;
}

/** Sends `text` a few words at a time, as a model would stream it. */
async function streamWords(text: string, onChunk: (text: string) => void, delayMs: number): Promise<void> {
  const pieces = text.match(/\S+\s*/g) ?? [text];
  for (let i = 0; i < pieces.length; i += 3) {
    onChunk(pieces.slice(i, i + 3).join(''));
    if (delayMs > 0) await sleep(delayMs);
  }
}

/**
 * RAI without a model: deterministic, built from what the member wrote (its mood and
 * topic), the mood they chose and the kind of session, and plain about being offline once
 * per conversation. It does not repeat an opening, a reflection or a question it has said
 * earlier in the conversation while it has others. The crisis reply is its own path.
 */
export function offlineResponder(options: { chunkDelayMs?: number } = {}): Responder {
  const chunkDelayMs = options.chunkDelayMs ?? 20;
  return {
    name: 'offline',
    journalReply: async (request: JournalReplyRequest, onChunk): Promise<JournalReply> => {
      if (request.crisis) {
        const reply = offlineCrisisReply(request.seed, OFFLINE_NOTE);
        await streamWords(reply, onChunk ?? (() => undefined), chunkDelayMs);
        return { reply, mood: null, insights: [] };
      }
      const detected = detectMood(request.text);
      const mood: DetectedMood =
        request.purpose === 'guidance' && request.mood
          ? request.mood
          : detected === 'contemplative' && request.mood
            ? request.mood
            : detected;
      const seed = `${request.seed}:${request.text}`;
      const topic = topicOf(request.text);
      const earlier = request.earlierReplies ?? [];
      const said = (part: string) => earlier.some((reply) => reply.includes(part));
      const parts = [
        pick(unsaid(OPENINGS[mood], earlier), seed),
        topic && !said(topic.reflection) ? topic.reflection : null,
        request.purpose === 'guidance' ? GUIDANCE_PRACTICES[mood] : null,
        nextQuestion(mood, earlier, `${seed}:question`),
        said(OFFLINE_NOTE) ? null : OFFLINE_NOTE,
      ].filter((part): part is string => part !== null);
      const reply = parts.join(' ');
      // Paced even when nobody listens: the offline RAI takes its time the way a model does.
      await streamWords(reply, onChunk ?? (() => undefined), chunkDelayMs);
      const label = topic?.label;
      const insights = [
        `You sound ${mood === 'contemplative' ? 'reflective' : mood}.`,
        ...(label ? [`${label[0].toUpperCase()}${label.slice(1)} is on your mind.`] : []),
        'Naming it is a step.',
      ];
      return { reply, mood, insights };
    },
    reflectionPrompt: async (sessionType, seed) => pick(REFLECTION_PROMPTS[sessionType], seed),
    storyPrompt: async (step, answers, seed) => {
      const prompts = STORY_PROMPTS[Math.min(Math.max(step, 1), STORY_PROMPTS.length) - 1];
      return pick(prompts, `${seed}:${answers.join('|')}`);
    },
    adminAssistant: async (question, context) => offlineAdminAssistant(question, context),
  };
}
