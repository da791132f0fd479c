import type { ComponentType, ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SiteLayout, type SiteRouteHandle } from '../features/navigation/site-layout';
import type { RequireAuthProps } from '../lib/session/require-auth';
import { AppShell } from './app-shell';
import { RouteError } from './route-error';
import { inStore } from './in-store';
import type { MemberRouteHandle } from './member-layout';
import type { TitledRouteHandle } from './use-route-focus';

const darkHero = true;

/** Every route names its screen: the document title reads "Breathe · Reflections" (see use-route-focus). */
const titled = (title: string, overDarkHero = false): TitledRouteHandle & SiteRouteHandle => ({
  title,
  darkHero: overDarkHero,
});

const signedIn: MemberRouteHandle = { signedIn: true };

type PageModule = { readonly default: ComponentType };

/** Route-level code splitting: each screen is its own chunk, loaded on first visit. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A screen the app composes from several features' modules. */
const screen = (load: () => Promise<ReactElement>) => async () => ({ element: await load() });

type Guard = Omit<RequireAuthProps, 'children'>;

/** A member or admin screen: only those the guard lets in see it. */
const guarded = (load: () => Promise<PageModule>, guard: Guard) => async () => {
  const [{ default: Page }, { RequireAuth }] = await Promise.all([load(), import('../lib/session/require-auth')]);
  return {
    element: (
      <RequireAuth {...guard}>
        <Page />
      </RequireAuth>
    ),
  };
};

/** Sign-in and the journey are for visitors: someone who arrives signed in is sent on to where they belong. */
const forVisitors = (load: () => Promise<PageModule>) =>
  screen(async () => {
    const [{ default: Page }, { SendSignedInOn }] = await Promise.all([
      load(),
      import('../lib/session/send-signed-in-on'),
    ]);
    return (
      <SendSignedInOn>
        <Page />
      </SendSignedInOn>
    );
  });

/** The paths page carries the contact form; the app composes the two features. */
const paths = async () => {
  const [{ default: PathsPage }, { ContactForm }] = await Promise.all([
    import('../features/marketing/paths-page'),
    import('../features/contact/contact-form'),
  ]);
  return { element: <PathsPage contactForm={<ContactForm />} /> };
};

/** The first screen of most visits talks to no API: no store (see createAppRouter), so its JavaScript stays small. */
const home = page(() => import('../features/marketing/home-page'));
const reflection = page(() => import('../features/marketing/reflection-page'));
const campfire = page(() => import('../features/marketing/campfire-page'));
const terms = page(() => import('../features/marketing/terms-page'));
// docs/product.md#signed-in-screens: a signed-out visitor is told, then sent on after 1 s (dashboard) or 500 ms (journal, forum).
const dashboard = page(async () => ({ default: (await import('./screens/dashboard-screen')).DashboardScreen }));
const responderForum = guarded(() => import('../features/forum/responder-forum-page'), {
  signedOutTo: '/signin',
  loadingLabel: 'Loading Digital Campfire...',
});

/** The admin panel, with the analysts' reports composed into its Community tab. */
const admin = page(async () => ({ default: (await import('./screens/admin-screen')).AdminScreen }));

/** docs/product.md#screens: every path, with and without the shared header and footer. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, handle: titled('Home', darkHero), lazy: home },
          { path: 'about', handle: titled('About'), lazy: page(() => import('../features/marketing/about-page')) },
          { path: 'paths', handle: titled('Paths'), lazy: paths },
          {
            path: 'sit-method',
            handle: titled('The SIT Method', darkHero),
            lazy: page(() => import('../features/breathwork/sit-method-page')),
          },
          { path: 'reflection', handle: titled('Create Your Reflection', darkHero), lazy: reflection },
          { path: 'reflect', handle: titled('Create Your Reflection', darkHero), lazy: reflection },
          {
            path: 'breathe',
            handle: titled('Breathe', darkHero),
            lazy: page(() => import('../features/breathwork/breathe-page')),
          },
          {
            path: 'pre-journey',
            handle: titled('Begin'),
            lazy: forVisitors(() => import('../features/journey/pre-journey-page')),
          },
          {
            path: 'journey',
            handle: titled('Your Journey'),
            lazy: forVisitors(() => import('../features/journey/journey-page')),
          },
          {
            path: 'signin',
            handle: titled('Sign In'),
            lazy: forVisitors(() => import('../features/auth/signin-page')),
          },
          {
            path: 'forgot-password',
            handle: titled('Forgot Your Password'),
            lazy: forVisitors(() => import('../features/auth/forgot-password-page')),
          },
          {
            path: 'reset-password',
            handle: titled('Choose a New Password'),
            lazy: page(() => import('../features/auth/reset-password-page')),
          },
          { path: 'connect', handle: titled('The Digital Campfire', darkHero), lazy: campfire },
          { path: 'digital-campfire', handle: titled('The Digital Campfire', darkHero), lazy: campfire },
          {
            path: 'workshops',
            handle: titled('Workshops'),
            lazy: page(() => import('../features/marketing/workshops-page')),
          },
          {
            path: 'retreats',
            handle: titled('Retreats', darkHero),
            lazy: page(() => import('../features/marketing/retreats-page')),
          },
          {
            path: 'youth-programs',
            handle: titled('Youth Programs'),
            lazy: page(() => import('../features/marketing/youth-programs-page')),
          },
          {
            path: 'coaching',
            handle: titled('Coaching'),
            lazy: page(() => import('../features/marketing/coaching-page')),
          },
          { path: 'team', handle: titled('Our Team'), lazy: page(() => import('../features/marketing/team-page')) },
          { path: 'shop', handle: titled('Shop'), lazy: page(() => import('../features/marketing/shop-page')) },
          {
            path: 'vision',
            handle: titled('Our Vision'),
            lazy: page(() => import('../features/marketing/vision-page')),
          },
          { path: 'contact', handle: titled('Contact'), lazy: page(() => import('../features/contact/contact-page')) },
          {
            path: 'what-we-do',
            handle: titled('What We Do'),
            lazy: page(() => import('../features/marketing/what-we-do-page')),
          },
          {
            path: 'discover',
            handle: titled('Discover'),
            lazy: page(() => import('../features/marketing/discover-page')),
          },
          {
            path: 'first-responders',
            handle: titled('First Responders', darkHero),
            lazy: page(() => import('../features/marketing/first-responders-page')),
          },
          {
            path: 'experience',
            handle: titled('Experience', darkHero),
            lazy: page(() => import('../features/marketing/experience-page')),
          },
          {
            path: 'reflections',
            handle: titled('Guided Journaling'),
            lazy: page(() => import('../features/marketing/reflections-page')),
          },
          { path: 'terms-disclaimer', handle: titled('Terms & Disclaimer'), lazy: terms },
          { path: 'compliance', handle: titled('Terms & Disclaimer'), lazy: terms },
          {
            path: 'privacy-policy',
            handle: titled('Privacy Policy'),
            lazy: page(() => import('../features/marketing/privacy-page')),
          },
          {
            path: 'crisis-protocol',
            handle: titled('Crisis Protocol'),
            lazy: page(() => import('../features/marketing/crisis-protocol-page')),
          },
          {
            path: '*',
            handle: titled('Page Not Found'),
            lazy: page(() => import('../features/marketing/not-found-page')),
          },
        ],
      },
      {
        // Issue 25: every signed-in screen shares one member bar (app/member-layout.tsx).
        lazy: screen(async () => {
          const { MemberLayout } = await import('./member-layout');
          return <MemberLayout />;
        }),
        handle: signedIn,
        children: [
          { path: 'dashboard', handle: titled('Dashboard'), lazy: dashboard },
          { path: 'member/bookings', handle: titled('Dashboard'), lazy: dashboard },
          // Issue 26: a post's URL is a child of its board, so the board stays mounted under it and Back finds the list as it was.
          {
            path: 'digital-campfire-forum',
            handle: titled('First Responders Forum'),
            lazy: responderForum,
            children: [{ path: 'posts/:postId', element: null, handle: titled('First Responders Forum') }],
          },
          {
            path: 'member/forum',
            handle: titled('Campfire Forum'),
            lazy: page(() => import('../features/forum/campfire-forum-page')),
            children: [{ path: 'posts/:postId', element: null, handle: titled('Campfire Forum') }],
          },
          {
            path: 'member/ai-journal',
            handle: titled('Guided Reflection'),
            lazy: guarded(() => import('../features/journal/ai-journal-page'), { signedOutDelayMs: 500 }),
          },
          {
            path: 'member/reflections',
            handle: titled('Your Reflections'),
            lazy: guarded(() => import('../features/journal/reflection-history-page'), { signedOutDelayMs: 500 }),
          },
          // Issue 25: the journey for a member registered without answers, signed in.
          {
            path: 'member/journey',
            handle: titled('Your Journey'),
            lazy: guarded(() => import('../features/journey/member-journey-page'), { signedOutTo: '/signin' }),
          },
          {
            path: 'member/settings',
            handle: titled('Settings'),
            lazy: guarded(() => import('../features/account/settings-page'), { signedOutTo: '/signin' }),
          },
          {
            path: 'ai-test',
            handle: titled('RAI Test'),
            lazy: guarded(() => import('../features/ai-test/ai-test-page'), { signedOutDelayMs: 500 }),
          },
        ],
      },
      { path: 'admin', handle: titled('Admin'), lazy: admin },
    ],
  },
];

/**
 * The app's routes: every lazily loaded screen but the home page comes inside the Redux
 * store, loaded with it (store-provider.tsx), so a first visit to / downloads no Redux.
 * Tests may render `routes` inside a store of their own.
 */
export const appRoutes = routes.map((route) => inStore(route, [home]));

export const createAppRouter = () => createBrowserRouter(appRoutes);
