import { useGetCommunityPulseQuery } from './admin-api';
import { formatCount, sessionMinutes } from './format';
import { FigureList } from './figure-list';
import { WidgetCard } from './widget-card';

/** Weekly engagement, journalling, the forum and session length (docs/product.md#admin-panel: how each is counted). */
export function CommunityPulseCard() {
  const { data, isLoading, error } = useGetCommunityPulseQuery();
  const figures: [string, string][] = data
    ? [
        ['Engaged this week', formatCount(data.weeklyEngagement)],
        ['Active journalers', formatCount(data.activeJournalers)],
        ['Journal entries', formatCount(data.totalJournalEntries)],
        ['Forum posts', formatCount(data.totalForumPosts)],
        ['Active in the forum', formatCount(data.activeForumUsers)],
        ['Average session', `${sessionMinutes(data.avgSessionDuration)} min`],
      ]
    : [];
  return (
    <WidgetCard title="Community pulse" loading={isLoading} error={error}>
      <FigureList figures={figures} columns={3} />
    </WidgetCard>
  );
}
