import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router-dom';

/** Route `handle`: the screen's name, shown in the document title as "Breathe · Reflections". */
export type TitledRouteHandle = { readonly title: string };

const SITE_NAME = 'Reflections';

const titleOf = (handle: unknown) =>
  typeof handle === 'object' && handle !== null && typeof (handle as TitledRouteHandle).title === 'string'
    ? (handle as TitledRouteHandle).title
    : null;

/** The document title of the deepest route that names itself. */
export function useDocumentTitle(): string {
  const matches = useMatches();
  const title = matches.map((match) => titleOf(match.handle)).findLast((name) => name !== null);
  const documentTitle = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return documentTitle;
}

/**
 * After a client-side navigation, focus moves to the new screen's main heading (or its main
 * region) so keyboard and screen-reader users start where sighted users look, and the new
 * title is answered for a live region to announce. The first load keeps the browser's own start.
 */
export function useRouteFocus(documentTitle: string): string {
  const { key } = useLocation();
  const firstKey = useRef(key);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (key === firstKey.current) return;
    const target =
      document.querySelector<HTMLElement>('main h1') ??
      document.querySelector<HTMLElement>('h1') ??
      document.querySelector<HTMLElement>('main');
    if (target) {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
  }, [key]);

  useEffect(() => {
    if (key !== firstKey.current) setAnnouncement(documentTitle);
  }, [key, documentTitle]);

  return announcement;
}
