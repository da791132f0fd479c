import { chartSeries } from './chart-series';

describe('report chart series', () => {
  it("adds up a board's categories in a week rather than keeping the last (issue 26)", () => {
    const rows = [
      { week: '2026-11-16', board: 'campfire', category: 'brotherhood', interactions: 18 },
      { week: '2026-11-16', board: 'campfire', category: 'inner-reflection', interactions: 5 },
      { week: '2026-11-16', board: 'first-responders', category: 'general', interactions: 'fewer than 5' },
      { week: '2026-11-16', board: 'first-responders', category: 'sleep-disorders', interactions: 7 },
    ];
    const { dataset, series } = chartSeries({ kind: 'bar', x: 'week', y: 'interactions', series: 'board' }, rows);
    expect(series.map((s) => s.label)).toEqual(['campfire', 'first-responders']);
    expect(dataset).toEqual([{ x: '2026-11-16', s0: 23, s1: 7 }]);
  });
});
