/** The UTC calendar day (YYYY-MM-DD) of an instant. */
export const utcDay = (at: string | Date) => new Date(at).toISOString().slice(0, 10);

/** The UTC day `days` before `day`. */
export const daysBefore = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));
