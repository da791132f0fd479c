/** What every benchmark part prints with: one percentile rule and one table layout. */

/** The nearest-rank percentile of `values` (sorted or not; the input is left as it is); NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Prints a Markdown table: the first row is the header. */
export function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0].map((_, column) => Math.max(3, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`;
  console.log(line(rows[0]));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  rows.slice(1).forEach((row) => console.log(line(row)));
}

export class BenchTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${Math.round(ms / 1000)} s`);
    this.name = 'BenchTimeout';
  }
}

/** Rejects with BenchTimeout when `work` has not settled after `ms`; the work itself is left to end or be abandoned. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BenchTimeout(what, ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
