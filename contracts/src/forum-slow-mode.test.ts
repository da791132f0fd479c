import { slowModeEvery, slowModeRefusal, slowModeWords } from './forum-slow-mode';

describe('slow mode in words', () => {
  it('names each choice as a moderator picks it', () => {
    expect([10, 30, 60, 300, 900, 3600].map(slowModeWords)).toEqual([
      '10 seconds',
      '30 seconds',
      '1 minute',
      '5 minutes',
      '15 minutes',
      '1 hour',
    ]);
  });

  it('reads a slow mode as "every minute", not "every 1 minute"', () => {
    expect([10, 60, 300, 3600].map(slowModeEvery)).toEqual([
      'every 10 seconds',
      'every minute',
      'every 5 minutes',
      'every hour',
    ]);
  });

  it('tells a member the wait in seconds under two minutes, else in whole minutes rounded up', () => {
    expect(slowModeRefusal(1)).toBe('Slow mode is on in this board: you can post again in 1 second.');
    expect(slowModeRefusal(42)).toBe('Slow mode is on in this board: you can post again in 42 seconds.');
    expect(slowModeRefusal(119)).toBe('Slow mode is on in this board: you can post again in 119 seconds.');
    expect(slowModeRefusal(121)).toBe('Slow mode is on in this board: you can post again in 3 minutes.');
    expect(slowModeRefusal(3599)).toBe('Slow mode is on in this board: you can post again in 1 hour.');
  });
});
