import { BenchTimeout, percentile, withTimeout } from './bench-report';

describe('bench report', () => {
  it('takes the nearest-rank percentile of unsorted values without reordering them', () => {
    const values = [5, 1, 4, 2, 3];
    expect(percentile(values, 50)).toBe(3);
    expect(percentile(values, 99)).toBe(5);
    expect(percentile(values, 0)).toBe(1);
    expect(values).toEqual([5, 1, 4, 2, 3]);
  });

  it('gives up on work that never settles, naming it', async () => {
    await expect(withTimeout(new Promise(() => {}), 10, 'the admin bench')).rejects.toThrow(
      new BenchTimeout('the admin bench', 10),
    );
  });

  it('passes through the result of work that settles in time', async () => {
    await expect(withTimeout(Promise.resolve(42), 1000, 'quick work')).resolves.toBe(42);
  });
});
