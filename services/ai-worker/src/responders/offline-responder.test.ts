import { detectMood } from './mood';
import { OFFLINE_NOTE, offlineResponder } from './offline-responder';

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
    const request = { purpose: 'chat' as const, text: 'Work is too much, I feel swamped.', prompt: null, mood: null, seed: 'entry-1' };
    const chunks: string[] = [];
    const first = await responder.journalReply(request, (text) => chunks.push(text));
    expect(await responder.journalReply(request, () => undefined)).toEqual(first);
    expect(first.reply).toContain(OFFLINE_NOTE);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(first.reply);
    const other = await responder.journalReply({ ...request, text: 'Grateful for a weekend with my kids.' }, () => undefined);
    expect(other.reply).not.toBe(first.reply);
    expect(other.mood).toBe('grateful');
    const guidance = await responder.journalReply({ ...request, purpose: 'guidance', mood: 'anxious' }, () => undefined);
    expect(guidance.mood).toBe('anxious');
    expect(guidance.reply).toContain('5 seconds');
  });
});
