/** The booking calendar for calls with the team (an external scheduling service). */
export const BOOKING_URL = 'https://calendly.com/reflections-team/discovery-call';

export const SOCIAL_LINKS = [
  { label: 'YouTube', href: 'https://www.youtube.com/@reflectionsformen' },
  { label: 'Instagram', href: 'https://www.instagram.com/reflectionsformen' },
  { label: 'X (Twitter)', href: 'https://x.com/reflectionsmen' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/reflections-for-men' },
] as const;

export const CONTACT_EMAIL = 'hello@reflections.example';
