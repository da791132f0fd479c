import { chunkBatcher } from './chunk-batcher';

describe('chunk batcher', () => {
  it('sends the first piece at once and joins the pieces that follow within the window, in order', () => {
    const sent: string[] = [];
    const batcher = chunkBatcher((text) => sent.push(text), 60_000);
    batcher.push('Thanks ');
    expect(sent).toEqual(['Thanks ']);
    for (const piece of ['for ', 'writing ', 'that.']) batcher.push(piece);
    expect(sent).toEqual(['Thanks ']);
    batcher.flush();
    expect(sent).toEqual(['Thanks ', 'for writing that.']);
    batcher.flush();
    expect(sent).toHaveLength(2);
  });

  it('sends waiting pieces when the window ends, without a flush', async () => {
    const sent: string[] = [];
    const batcher = chunkBatcher((text) => sent.push(text), 5);
    batcher.push('one ');
    batcher.push('two ');
    batcher.push('three');
    while (sent.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sent.join('')).toBe('one two three');
    expect(sent).toEqual(['one ', 'two three']);
  });
});
