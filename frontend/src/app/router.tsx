import { lazy, type ComponentType, type ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SiteLayout, type SiteRouteHandle } from '../features/navigation/site-layout';
import type { RequireAuthProps } from '../features/session/require-auth';
import { AppShell } from './app-shell';
import { RouteError } from './route-error';

const darkHero: SiteRouteHandle = { darkHero: true };

type PageModule = { readonly default: ComponentType };

/**
 * Route-level code splitting: each screen is its own chunk, loaded on first visit, inside
 * the Redux store its API calls need (loaded with it, so the home page goes without).
 */
const screen = (load: () => Promise<ReactElement>) => async () => {
  const [element, { StoreProvider }] = await Promise.all([load(), import('./store-provider')]);
  return { element: <StoreProvider>{element}</StoreProvider> };
};

const page = (load: () => Promise<PageModule>) => screen(async () => {
  const { default: Page } = await load();
  return <Page />;
});

type Guard = Omit<RequireAuthProps, 'children'>;

/** A member or admin screen: only those the guard lets in see it. */
const guarded = (load: () => Promise<PageModule>, guard: Guard) =>
  screen(async () => {
    const [{ default: Page }, { RequireAuth }] = await Promise.all([load(), import('../features/session/require-auth')]);
    return (
      <RequireAuth {...guard}>
        <Page />
      </RequireAuth>
    );
  });

/** A screen of a later issue: an honest placeholder, guarded as the real screen will be. */
const building = (title: string, guard: Guard) =>
  screen(async () => {
    const [{ BuildingPage }, { RequireAuth }] = await Promise.all([import('../features/placeholders/building-page'), import('../features/session/require-auth')]);
    return (
      <RequireAuth {...guard}>
        <BuildingPage title={title} />
      </RequireAuth>
    );
  });

/** The paths page carries the contact form; the app composes the two features. */
const paths = screen(async () => {
  const [{ default: PathsPage }, { ContactForm }] = await Promise.all([import('../features/marketing/paths-page'), import('../features/contact/contact-form')]);
  return <PathsPage contactForm={<ContactForm />} />;
});

/** The first screen of most visits talks to no API: no store, so its JavaScript stays small. */
const home = async () => ({ Component: (await import('../features/marketing/home-page')).default });
const reflection = page(() => import('../features/marketing/reflection-page'));
const campfire = page(() => import('../features/marketing/campfire-page'));
const terms = page(() => import('../features/marketing/terms-page'));
// Spec 000 §4: a signed-out visitor is told, then sent on after 1 s (dashboard) or 500 ms (journal, forum).
// Below the fold on the dashboard: loaded while the rest is already on screen.
const dashboardBookings = lazy(async () => ({ default: (await import('../features/bookings/my-bookings')).MyBookings }));
const dashboard = screen(async () => {
  const [{ DashboardPage }, { RaiChatPanel }, { StoryWidget }, { PeaceCard }, { RecentEntries }, { RequireAuth }] = await Promise.all([
    import('../features/dashboard/dashboard-page'),
    import('../features/rai-chat/rai-chat-panel'),
    import('../features/story/story-widget'),
    import('../features/peace/peace-card'),
    import('../features/journal/recent-entries'),
    import('../features/session/require-auth'),
  ]);
  return (
    <RequireAuth signedOutDelayMs={1000}>
      <DashboardPage Chat={RaiChatPanel} Story={StoryWidget} Peace={PeaceCard} RecentEntries={RecentEntries} Bookings={dashboardBookings} />
    </RequireAuth>
  );
});
const responderForum = guarded(() => import('../features/forum/responder-forum-page'), { signedOutTo: '/signin', loadingLabel: 'Loading Digital Campfire...' });

/** The admin panel, with the analysts' reports composed into its Community tab. */
const admin = screen(async () => {
  const [{ default: AdminPage }, { ReportsPanel }, { RequireAuth }] = await Promise.all([
    import('../features/admin/admin-page'),
    import('../features/reports/reports-panel'),
    import('../features/session/require-auth'),
  ]);
  return (
    <RequireAuth role="admin" signedOutTo="/signin" loadingLabel="Checking admin access…">
      <AdminPage Reports={ReportsPanel} />
    </RequireAuth>
  );
});

/** Spec 000 §2 and 001 §2: every path, with and without the shared header and footer. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, handle: darkHero, lazy: home },
          { path: 'about', lazy: page(() => import('../features/marketing/about-page')) },
          { path: 'paths', lazy: paths },
          { path: 'sit-method', handle: darkHero, lazy: page(() => import('../features/breathwork/sit-method-page')) },
          { path: 'reflection', handle: darkHero, lazy: reflection },
          { path: 'reflect', handle: darkHero, lazy: reflection },
          { path: 'breathe', handle: darkHero, lazy: page(() => import('../features/breathwork/breathe-page')) },
          { path: 'pre-journey', lazy: page(() => import('../features/journey/pre-journey-page')) },
          { path: 'journey', lazy: page(() => import('../features/journey/journey-page')) },
          { path: 'signin', lazy: page(() => import('../features/auth/signin-page')) },
          { path: 'connect', handle: darkHero, lazy: campfire },
          { path: 'digital-campfire', handle: darkHero, lazy: campfire },
          { path: 'digital-campfire-forum', lazy: responderForum },
          { path: 'member/forum', handle: darkHero, lazy: page(() => import('../features/forum/campfire-forum-page')) },
          { path: 'member/ai-journal', lazy: guarded(() => import('../features/journal/ai-journal-page'), { signedOutDelayMs: 500 }) },
          { path: 'member/reflections', lazy: guarded(() => import('../features/journal/reflection-history-page'), { signedOutDelayMs: 500 }) },
          { path: 'ai-test', lazy: guarded(() => import('../features/ai-test/ai-test-page'), { signedOutDelayMs: 500 }) },
          { path: 'workshops', lazy: page(() => import('../features/marketing/workshops-page')) },
          { path: 'retreats', handle: darkHero, lazy: page(() => import('../features/marketing/retreats-page')) },
          { path: 'youth-programs', lazy: page(() => import('../features/marketing/youth-programs-page')) },
          { path: 'coaching', lazy: page(() => import('../features/marketing/coaching-page')) },
          { path: 'team', lazy: page(() => import('../features/marketing/team-page')) },
          { path: 'shop', lazy: page(() => import('../features/marketing/shop-page')) },
          { path: 'vision', lazy: page(() => import('../features/marketing/vision-page')) },
          { path: 'contact', lazy: page(() => import('../features/contact/contact-page')) },
          { path: 'what-we-do', lazy: page(() => import('../features/marketing/what-we-do-page')) },
          { path: 'discover', lazy: page(() => import('../features/marketing/discover-page')) },
          { path: 'first-responders', handle: darkHero, lazy: page(() => import('../features/marketing/first-responders-page')) },
          { path: 'experience', handle: darkHero, lazy: page(() => import('../features/marketing/experience-page')) },
          { path: 'reflections', lazy: page(() => import('../features/marketing/reflections-page')) },
          { path: 'terms-disclaimer', lazy: terms },
          { path: 'compliance', lazy: terms },
          { path: 'privacy-policy', lazy: page(() => import('../features/marketing/privacy-page')) },
          { path: '*', lazy: page(() => import('../features/marketing/not-found-page')) },
        ],
      },
      { path: 'dashboard', lazy: dashboard },
      { path: 'member/bookings', lazy: dashboard },
      { path: 'admin', lazy: admin },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
