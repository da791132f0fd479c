/** The Monday (UTC) that starts the week of `when`, as YYYY-MM-DD: reports count by these weeks. */
export function weekOf(when: string | Date): string {
  const date = new Date(when);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - sinceMonday))
    .toISOString()
    .slice(0, 10);
}
