import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { NotificationsMenu } from '../features/forum/notifications-menu';
import { MemberHeader } from '../features/navigation/member-header';
import { HEADER_HEIGHT, SiteHeader } from '../features/navigation/site-header';
import { useCurrentUser } from '../lib/session/use-current-user';
import { useSignOut } from '../lib/session/use-sign-out';
import { seemsSignedIn } from '../lib/session-hint';

const SiteFooter = lazy(() =>
  import('../features/navigation/site-footer').then(({ SiteFooter }) => ({ default: SiteFooter })),
);

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
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        color: 'text.primary',
        overflowWrap: 'anywhere',
      }}
    >
      <Box component="a" href="#main-content" sx={skipLink}>
        Skip to content
      </Box>
      {visitor ? (
        <SiteHeader overDarkHero={false} />
      ) : (
        <MemberHeader
          firstName={user?.firstName ?? null}
          onSignOut={() => void signOut()}
          signingOut={signingOut}
          notifications={<NotificationsMenu />}
        />
      )}
      <Box
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, outline: 'none', minWidth: 0, pt: visitor ? `${HEADER_HEIGHT}px` : 0 }}
      >
        <Outlet />
      </Box>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </Box>
  );
}

const skipLink = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 2000,
  px: 2,
  py: 1,
  borderRadius: 1,
  bgcolor: 'secondary.main',
  color: 'secondary.contrastText',
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none' },
} as const;
