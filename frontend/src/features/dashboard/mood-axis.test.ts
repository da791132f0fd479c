import { moodAxisLabels } from './mood-axis';

describe('the mood chart axis', () => {
  it('names each day once, at its first reflection', () => {
    const dates = [
      '2026-11-23T08:00:00',
      '2026-11-24T08:00:00',
      '2026-11-24T12:00:00',
      '2026-11-24T20:00:00',
      '2026-11-25T09:00:00',
    ].map((d) => new Date(d));
    const label = moodAxisLabels(dates);
    const labels = dates.map((_, index) => label(index));
    expect(labels.filter((l) => l !== null)).toHaveLength(3);
    expect(new Set(labels.filter((l) => l !== null)).size).toBe(3);
    expect(labels[2]).toBeNull();
    expect(labels[3]).toBeNull();
  });

  it('shows the times when every reflection is of one day', () => {
    const dates = ['2026-11-24T08:00:00', '2026-11-24T12:00:00'].map((d) => new Date(d));
    const label = moodAxisLabels(dates);
    expect(label(0)).not.toEqual(label(1));
  });
});
