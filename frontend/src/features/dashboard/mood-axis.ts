const dayOf = (date: Date) => date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
const timeOf = (date: Date) => date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The mood chart's x-axis labels: each day named once, at its first reflection (several
 * reflections a day never read "Nov 24, Nov 24, Nov 24"); when every point is of one day,
 * their times instead. `label(index)` is null where no label belongs.
 */
export function moodAxisLabels(dates: readonly Date[]): (index: number) => string | null {
  const days = dates.map(dayOf);
  const oneDay = new Set(days).size === 1;
  return (index) => {
    if (oneDay) return timeOf(dates[index]);
    return index === 0 || days[index] !== days[index - 1] ? days[index] : null;
  };
}

export const dayLabel = dayOf;
