import { useMatches } from 'react-router-dom';
import { PageFrame } from './page-frame';
import { HEADER_HEIGHT, SiteHeader } from './site-header';

/** Route `handle` saying the page opens with a dark hero that runs under the bar. */
export type SiteRouteHandle = { readonly darkHero?: boolean };

const hasDarkHero = (handle: unknown) =>
  typeof handle === 'object' && handle !== null && (handle as SiteRouteHandle).darkHero === true;

/** Header, page and footer: every route except the dashboard and the admin panel. */
export function SiteLayout() {
  const darkHero = useMatches().some((match) => hasDarkHero(match.handle));
  return <PageFrame header={<SiteHeader overDarkHero={darkHero} />} padTop={darkHero ? 0 : HEADER_HEIGHT} />;
}
