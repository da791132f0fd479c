import { lazy } from 'react';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { RaiChatPanel } from '../../features/rai-chat/rai-chat-panel';
import { StoryWidget } from '../../features/story/story-widget';
import { PeaceCard } from '../../features/peace/peace-card';
import { RecentEntries } from '../../features/journal/recent-entries';
import { RequireAuth } from '../../lib/session/require-auth';
import { DownloadMyData } from '../../features/account/download-my-data';

// Below the fold on the dashboard: loaded while the rest is already on screen.
const Bookings = lazy(async () => ({ default: (await import('../../features/bookings/my-bookings')).MyBookings }));

/** The dashboard, composed from several features; kept out of the router so the home route's JavaScript stays small. */
export function DashboardScreen() {
  // docs/product.md#signed-in-screens: a signed-out visitor is told, then sent on after 1 s.
  return (
    <RequireAuth signedOutDelayMs={1000}>
      <DashboardPage
        Chat={RaiChatPanel}
        Story={StoryWidget}
        Peace={PeaceCard}
        RecentEntries={RecentEntries}
        Bookings={Bookings}
        DownloadMyData={DownloadMyData}
      />
    </RequireAuth>
  );
}
