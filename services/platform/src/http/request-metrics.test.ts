import { latencyQuantileMs, RequestMetrics } from './request-metrics';

describe('request metrics', () => {
  it('averages response times and counts server errors over the window', () => {
    let now = 1_000_000;
    const metrics = new RequestMetrics(60, () => now);
    metrics.record(100, 200);
    metrics.record(300, 500);
    metrics.record(200, 404);
    expect(metrics.snapshot()).toMatchObject({ requests: 3, avgResponseTimeMs: 200, errorRatePercent: 33.33 });
    now += 30_000;
    metrics.record(50, 200);
    expect(metrics.snapshot()).toMatchObject({ requests: 4, avgResponseTimeMs: 163, errorRatePercent: 25 });
  });

  it('forgets answers older than the window', () => {
    let now = 1_000_000;
    const metrics = new RequestMetrics(60, () => now);
    metrics.record(100, 500);
    now += 61_000;
    expect(metrics.snapshot()).toMatchObject({ requests: 0, avgResponseTimeMs: 0, errorRatePercent: 0 });
    metrics.record(40, 200);
    expect(metrics.snapshot()).toMatchObject({ requests: 1, avgResponseTimeMs: 40, errorRatePercent: 0 });
  });

  it('counts errors and bins response times, so percentiles of one process or of many merged read the same', () => {
    const now = 1_000_000;
    const metrics = new RequestMetrics(60, () => now);
    for (let i = 0; i < 98; i++) metrics.record(10, 200);
    metrics.record(900, 500);
    metrics.record(900, 503);
    const snapshot = metrics.snapshot();
    expect(snapshot.errors).toBe(2);
    expect(latencyQuantileMs(snapshot.latencyBins, 0.5)).toBe(10);
    expect(latencyQuantileMs(snapshot.latencyBins, 0.99)).toBe(1000);
    expect(
      latencyQuantileMs(
        snapshot.latencyBins.map(() => 0),
        0.99,
      ),
    ).toBe(0);
  });
});
