import { NotificationsMenu } from '../features/forum/notifications-menu';
import { MemberHeader } from '../features/navigation/member-header';
import { PageFrame } from '../features/navigation/page-frame';
import { HEADER_HEIGHT, SiteHeader } from '../features/navigation/site-header';
import { useCurrentUser } from '../lib/session/use-current-user';
import { useSignOut } from '../lib/session/use-sign-out';
import { seemsSignedIn } from '../lib/session-hint';

/** Route `handle` of the signed-in screens: Enter on the page means nothing there (use-enter-to-begin). */
export type MemberRouteHandle = { readonly signedIn: true };

/**
 * Every signed-in screen: one member bar, the page, the footer (with its crisis links). A visitor
 * reading a board open to all (/member/forum) gets the public header instead.
 */
export function MemberLayout() {
  const { user } = useCurrentUser();
  const { signOut, signingOut } = useSignOut();
  const visitor = user === null || (user === undefined && !seemsSignedIn());
  const header = visitor ? (
    <SiteHeader overDarkHero={false} />
  ) : (
    <MemberHeader
      firstName={user?.firstName ?? null}
      onSignOut={() => void signOut()}
      signingOut={signingOut}
      notifications={<NotificationsMenu />}
    />
  );
  return (
    <PageFrame
      header={header}
      padTop={visitor ? HEADER_HEIGHT : 0}
      main={false}
      sx={{ bgcolor: 'background.default', color: 'text.primary', overflowWrap: 'anywhere' }}
    />
  );
}
