import type { NavEntry } from './nav-links';

/** The member's own navigation (issue 25): the same on every signed-in screen. */
export const MEMBER_NAV: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Reflect', to: '/member/ai-journal' },
  {
    label: 'Campfire',
    items: [
      { label: 'Archetype circles', to: '/member/forum' },
      { label: 'First responders', to: '/digital-campfire-forum' },
    ],
  },
  { label: 'Reflections', to: '/member/reflections' },
];
