import { raiRestingMessage } from './rai-resting';

describe('the words when RAI is resting', () => {
  it('are the server’s on a 429, or calm ones of our own', () => {
    expect(raiRestingMessage(429, { error: 'RAI needs a short pause between reflections.' })).toBe('RAI needs a short pause between reflections.');
    expect(raiRestingMessage(429, 'Too Many Requests')).toMatch(/your words are still here/);
  });

  it('are nothing for any other failure', () => {
    expect(raiRestingMessage(503, { error: 'RAI could not answer right now' })).toBeNull();
  });
});
