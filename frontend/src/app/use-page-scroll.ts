import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Where each screen opens: a new page at the top; back and forward where it was left. A hash
 * is left to the screen's own hash scroll (useHashScroll), so the page moves once, smoothly.
 * The browser's and React Router's own restoration are off: they carried one page's scroll
 * position into the next page opened in the same tab, and jumped to a hash without the offset.
 */
export function usePageScroll() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const firstKey = useRef(key);
  const previousPath = useRef<string | null>(null);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const remember = () => positions.current.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    const samePage = previousPath.current === pathname;
    previousPath.current = pathname;
    const saved = navigationType === 'POP' && key !== firstKey.current ? positions.current.get(key) : undefined;
    if (saved !== undefined) window.scrollTo({ top: saved, behavior: 'instant' });
    else if (!(samePage && hash)) window.scrollTo({ top: 0, behavior: 'instant' });
    // Only a new history entry moves the page; the rest is read when it does.
  }, [key]);
}
