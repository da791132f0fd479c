// An instant already written in UTC (as events carry them): its day is its first ten characters.
const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;

/** The UTC calendar day (YYYY-MM-DD) of an instant. */
export const utcDay = (at: string | Date) =>
  typeof at === 'string' && UTC_INSTANT.test(at) ? at.slice(0, 10) : new Date(at).toISOString().slice(0, 10);

/** The UTC day `days` before `day`. */
export const daysBefore = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));
