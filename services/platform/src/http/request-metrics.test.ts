import { RequestMetrics } from './request-metrics';

describe('request metrics', () => {
  it('averages response times and counts server errors over the window', () => {
    let now = 1_000_000;
    const metrics = new RequestMetrics(60, () => now);
    metrics.record(100, 200);
    metrics.record(300, 500);
    metrics.record(200, 404);
    expect(metrics.snapshot()).toEqual({ requests: 3, avgResponseTimeMs: 200, errorRatePercent: 33.33 });
    now += 30_000;
    metrics.record(50, 200);
    expect(metrics.snapshot()).toEqual({ requests: 4, avgResponseTimeMs: 163, errorRatePercent: 25 });
  });

  it('forgets answers older than the window', () => {
    let now = 1_000_000;
    const metrics = new RequestMetrics(60, () => now);
    metrics.record(100, 500);
    now += 61_000;
    expect(metrics.snapshot()).toEqual({ requests: 0, avgResponseTimeMs: 0, errorRatePercent: 0 });
    metrics.record(40, 200);
    expect(metrics.snapshot()).toEqual({ requests: 1, avgResponseTimeMs: 40, errorRatePercent: 0 });
  });
});
