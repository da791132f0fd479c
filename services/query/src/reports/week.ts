const DAY_MS = 86_400_000;
/** Weeks already written out, by their Monday's day number: a log spans a few hundred weeks at most. */
const written = new Map<number, string>();
const MOST_REMEMBERED = 4096;

/**
 * The Monday (UTC) that starts the week of `when`, as YYYY-MM-DD: reports count by these weeks.
 * Worked out from the day number (1970-01-01 was a Thursday), each week printed once: a
 * replay asks this for every event, and making two Dates and a string each time was a tenth
 * of a report's rebuild in Node.
 */
export function weekOf(when: string | Date): string {
  const day = Math.floor((typeof when === 'string' ? Date.parse(when) : when.getTime()) / DAY_MS);
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  let week = written.get(monday);
  if (week === undefined) {
    // An invalid instant throws here (RangeError), as it always did.
    week = new Date(monday * DAY_MS).toISOString().slice(0, 10);
    if (written.size < MOST_REMEMBERED) written.set(monday, week);
  }
  return week;
}
