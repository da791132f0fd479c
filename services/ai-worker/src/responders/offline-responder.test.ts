import { detectMood } from './mood';
import { OFFLINE_NOTE, offlineResponder } from './offline-responder';

/** Words a crisis reply never holds: cheer, advice, and any method or means (safe messaging). */
const NEVER_IN_A_CRISIS_REPLY =
  /\b(energy|drive|build more|your week|workout|great|awesome|proud|bright side|tips?|practice|breathe?|pills?|rope|gun|firearm|weapon|bridge|jump|overdose|hang|cut|knife|car|ready|alive)\b/i;

describe('the offline RAI', () => {
  it('detects each of the nine moods from what a man writes, and contemplative when none fits', () => {
    const samples: Record<string, string> = {
      calm: 'After the walk I feel calm and settled.',
      anxious: "I'm worried about the surgery and can't stop thinking about it.",
      hopeful: 'I have real hope things are getting better at home.',
      frustrated: 'I am fed up and angry at how unfair my boss is.',
      sad: 'I feel sad and lonely since the breakup.',
      grateful: 'So grateful for my brother, thankful he called.',
      confused: "I'm torn and not sure which way to go.",
      energized: 'Fired up and motivated after the game, ready for the week.',
      overwhelmed: 'Too much on my plate, I feel swamped and overwhelmed.',
      contemplative: 'I went to the lake on sunday.',
    };
    for (const [mood, text] of Object.entries(samples)) expect([mood, detectMood(text)]).toEqual([mood, mood]);
  });

  it('answers the same words the same way, different words differently, says it is offline and streams its reply', async () => {
    const responder = offlineResponder({ chunkDelayMs: 0 });
    const request = {
      purpose: 'chat' as const,
      text: 'Work is too much, I feel swamped.',
      prompt: null,
      mood: null,
      seed: 'entry-1',
      crisis: false,
    };
    const chunks: string[] = [];
    const first = await responder.journalReply(request, (text) => chunks.push(text));
    expect(await responder.journalReply(request, () => undefined)).toEqual(first);
    expect(first.reply).toContain(OFFLINE_NOTE);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(first.reply);
    const other = await responder.journalReply(
      { ...request, text: 'Grateful for a weekend with my kids.' },
      () => undefined,
    );
    expect(other.reply).not.toBe(first.reply);
    expect(other.mood).toBe('grateful');
    const guidance = await responder.journalReply(
      { ...request, purpose: 'guidance', mood: 'anxious' },
      () => undefined,
    );
    expect(guidance.mood).toBe('anxious');
    expect(guidance.reply).toContain('5 seconds');
  });
});

describe('the offline RAI in a conversation', () => {
  const responder = offlineResponder({ chunkDelayMs: 0 });
  const request = { purpose: 'chat' as const, prompt: null, mood: null, crisis: false };

  it('says it is offline in its first reply only, and asks no question twice while it has others', async () => {
    const earlier: string[] = [];
    for (let turn = 0; turn < 8; turn++) {
      const { reply } = await responder.journalReply(
        { ...request, text: `I went to the lake again, day ${turn}.`, seed: `entry-${turn}`, earlierReplies: earlier },
        null,
      );
      earlier.unshift(reply);
    }
    expect(earlier.map((reply) => reply.includes(OFFLINE_NOTE)).reverse()).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const questions = earlier.map((reply) => reply.match(/[^.?!]*\?/)?.[0].trim());
    expect(new Set(questions).size).toBe(8);
    for (const reply of earlier) expect(reply).not.toMatch(/!|great|awesome|amazing/i);
  });

  it('keeps the crisis reply as it was, with its note, whatever was said before', async () => {
    const earlier = [`Thank you for writing this down. ${OFFLINE_NOTE}`];
    const text = "I don't want to be alive anymore";
    const alone = await responder.journalReply({ ...request, text, seed: 'entry-c', crisis: true }, null);
    const later = await responder.journalReply(
      { ...request, text, seed: 'entry-c', crisis: true, earlierReplies: earlier },
      null,
    );
    expect(later).toEqual(alone);
    expect(later.reply).toContain(OFFLINE_NOTE);
  });
});

describe('the offline RAI when the crisis check fired', () => {
  const responder = offlineResponder({ chunkDelayMs: 0 });
  const statements = [
    "I don't want to be alive anymore",
    'I have a plan and I have the pills ready',
    'What is the point of any of this. I am done.',
    'I said goodbye to my dog today like it was the last time.',
  ];

  it('acknowledges him, stays, asks plainly about safety and points to a person, with no cheer, advice, mood or method', async () => {
    for (const [i, text] of statements.entries()) {
      for (const purpose of ['chat', 'guidance'] as const) {
        const chunks: string[] = [];
        const answer = await responder.journalReply(
          {
            purpose,
            text,
            prompt: null,
            mood: purpose === 'guidance' ? 'energized' : null,
            seed: `entry-${i}`,
            crisis: true,
          },
          (chunk) => chunks.push(chunk),
        );
        expect(answer.mood).toBeNull();
        expect(answer.insights).toEqual([]);
        expect(chunks.join('')).toBe(answer.reply);
        expect(answer.reply).toMatch(/here with you/);
        expect(answer.reply).toMatch(/suicide|ending your life/);
        expect(answer.reply).toMatch(/safe (right now|where you are)/);
        expect(answer.reply).toMatch(/lines above/);
        // The numbers are in the resources above the reply, once: never repeated in RAI's words.
        expect(answer.reply).not.toMatch(/988|741741|911/);
        expect(answer.reply).toContain(OFFLINE_NOTE);
        expect(answer.reply.replace(OFFLINE_NOTE, '')).not.toMatch(NEVER_IN_A_CRISIS_REPLY);
      }
    }
  });
});
