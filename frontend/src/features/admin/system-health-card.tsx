import { useGetSystemHealthQuery } from './admin-api';
import { formatCount, formatUptime } from './format';
import { FigureList } from './figure-list';
import { WidgetCard } from './widget-card';

/** Uptime, response time and server errors over the last 5 minutes, and sign-ins ever. */
export function SystemHealthCard() {
  const { data, isLoading, error } = useGetSystemHealthQuery();
  const figures: [string, string][] = data
    ? [
        ['Up for', formatUptime(data.uptime)],
        ['Avg response', `${data.avgResponseTime} ms`],
        ['Error rate', `${data.errorRate}%`],
        ['Sign-ins', formatCount(data.totalLogins)],
      ]
    : [];
  return (
    <WidgetCard title="System health" subtitle="Response times over the last 5 minutes" loading={isLoading} error={error}>
      <FigureList figures={figures} />
    </WidgetCard>
  );
}
