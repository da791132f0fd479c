import { daysBefore, utcDay } from './utc-day';

describe('utcDay', () => {
  it('gives the UTC calendar day of an instant however it is written', () => {
    expect(utcDay('2026-06-01T23:59:59.999Z')).toBe('2026-06-01');
    expect(utcDay('2026-06-01T23:59:59Z')).toBe('2026-06-01');
    expect(utcDay('2026-06-01T00:30:00+02:00')).toBe('2026-05-31');
    expect(utcDay('2026-06-01T22:30:00-05:00')).toBe('2026-06-02');
    expect(utcDay(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
  });
});
