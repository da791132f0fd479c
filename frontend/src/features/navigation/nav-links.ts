export type NavLinkItem = { readonly label: string; readonly to: string };
export type NavMenu = { readonly label: string; readonly items: readonly NavLinkItem[] };
export type NavEntry = NavLinkItem | NavMenu;

/** docs/product.md#navigation-and-footer, in the order the bar shows them. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  {
    label: 'Discover',
    items: [
      { label: 'What We Do', to: '/what-we-do' },
      { label: 'The Team', to: '/team' },
      { label: 'The Shop', to: '/shop' },
      { label: 'The Vision', to: '/vision' },
    ],
  },
  { label: 'Breathe', to: '/breathe' },
  { label: 'Reflect', to: '/reflections' },
  { label: 'Connect', to: '/connect' },
  {
    label: 'Experience',
    items: [
      { label: 'Retreats', to: '/experience#retreats' },
      { label: 'Coaching', to: '/experience#coaching' },
      { label: 'Workshops', to: '/experience#workshops' },
      { label: 'Youth Programs', to: '/experience#youth-programs' },
      { label: 'First Responders', to: '/first-responders' },
    ],
  },
];

export const FOOTER_LINKS: readonly NavLinkItem[] = [
  { label: 'Reflections', to: '/reflections' },
  { label: 'Connect', to: '/connect' },
  { label: 'Experience', to: '/experience' },
  { label: 'Contact', to: '/contact' },
  { label: 'Terms & Disclaimer', to: '/terms-disclaimer' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Crisis Protocol', to: '/crisis-protocol' },
  { label: 'Compliance', to: '/compliance' },
];

export const isMenu = (entry: NavEntry): entry is NavMenu => 'items' in entry;

/** Milliseconds a dropdown stays open after the mouse leaves it (docs/product.md#navigation-and-footer). */
export const DROPDOWN_CLOSE_DELAY_MS = 150;
/** The bar hides only once the page has scrolled past this many pixels. */
export const HIDE_AFTER_SCROLL_PX = 50;
