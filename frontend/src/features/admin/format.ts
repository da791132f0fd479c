const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const counts = new Intl.NumberFormat('en-US');

export const formatDollars = (amount: number) => dollars.format(amount);
/** A count, or the words the server sent instead of a small count of people ('fewer than 5'). */
export const formatCount = (count: number | string) => (typeof count === 'number' ? counts.format(count) : count);

/** docs/product.md#admin-panel: the average session is shown in minutes, seconds ÷ 60 rounded. */
export const sessionMinutes = (seconds: number) => Math.round(seconds / 60);

/** "3d 4h", "2h 5m", "45s": how long the service has been up. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${seconds}s`;
}

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
