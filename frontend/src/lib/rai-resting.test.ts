import { raiRestingMessage, tooManyRequestsMessage } from './rai-resting';

describe('the words when RAI is resting', () => {
  it('are the server’s on a 429, or calm ones of our own', () => {
    expect(raiRestingMessage(429, { error: 'RAI needs a short pause between reflections.' })).toBe(
      'RAI needs a short pause between reflections.',
    );
    expect(raiRestingMessage(429, 'Too Many Requests')).toMatch(/your words are still here/);
  });

  it('are nothing for any other failure', () => {
    expect(raiRestingMessage(503, { error: 'RAI could not answer right now' })).toBeNull();
  });

  it('are the server’s own for any limited request, when it sent them', () => {
    expect(tooManyRequestsMessage(429, { error: 'Please wait 40 minutes.' })).toBe('Please wait 40 minutes.');
    expect(tooManyRequestsMessage(429, 'Too Many Requests')).toBeNull();
    expect(tooManyRequestsMessage(500, { error: 'database down' })).toBeNull();
  });
});
