import { ageFade, ageFadeStyle } from './age-fade';

const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

describe('age fade', () => {
  it('does not fade a post up to 7 days old', () => {
    expect(ageFade(daysAgo(0), now)).toBe(0);
    expect(ageFade(daysAgo(7), now)).toBe(0);
  });

  it('rises linearly between 7 and 30 days', () => {
    expect(ageFade(daysAgo(18.5), now)).toBeCloseTo(0.4, 10);
    expect(ageFade(daysAgo(7 + 23 / 4), now)).toBeCloseTo(0.2, 10);
  });

  it('stays at 0.8 from 30 days on', () => {
    expect(ageFade(daysAgo(30), now)).toBe(0.8);
    expect(ageFade(daysAgo(400), now)).toBe(0.8);
  });

  it('scales the card by 1 − 0.1 × fade and fades its surface to 1 − fade, never its words', () => {
    const old = ageFadeStyle(daysAgo(30), now);
    expect(old.transform).toBe(`scale(${1 - 0.1 * 0.8})`);
    expect(old['&::before'].opacity).toBeCloseTo(1 - 0.8, 10);
    expect(old).not.toHaveProperty('opacity');
    const fresh = ageFadeStyle(daysAgo(1), now);
    expect(fresh.transform).toBe('scale(1)');
    expect(fresh['&::before'].opacity).toBe(1);
  });
});
