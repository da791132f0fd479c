import { weekOf } from './week';

describe('the week a report counts an instant in', () => {
  it('starts on the Monday (UTC) of that instant, for strings and Dates, before and after 1970', () => {
    expect(weekOf('2026-11-23T00:00:00.000Z')).toBe('2026-11-23');
    expect(weekOf('2026-11-29T23:59:59.999Z')).toBe('2026-11-23');
    expect(weekOf('2026-11-30T00:00:00Z')).toBe('2026-11-30');
    expect(weekOf(new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-23');
    expect(weekOf('1970-01-01T00:00:00Z')).toBe('1969-12-29');
    expect(weekOf('1969-12-28T23:59:59Z')).toBe('1969-12-22');
    expect(weekOf('2024-02-29T08:00:00Z')).toBe('2024-02-26');
  });

  it('reads an offset as the UTC instant it names', () => {
    expect(weekOf('2026-11-30T01:00:00+02:00')).toBe('2026-11-23');
    expect(weekOf('2026-11-29T23:30:00-01:00')).toBe('2026-11-30');
  });

  it('refuses what is not an instant, as a Date does', () => {
    expect(() => weekOf('not a date')).toThrow(RangeError);
    expect(() => weekOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});
