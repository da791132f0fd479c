import { useEffect, useState } from 'react';
import { HIDE_AFTER_SCROLL_PX } from './nav-links';

/** Hidden while scrolling down past the threshold, shown again on any scroll up. */
export function useHideOnScroll() {
  const [state, setState] = useState({ hidden: false, atTop: true });

  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const delta = y - lastY;
      lastY = y;
      setState((current) => {
        const hidden = delta > 0 ? y > HIDE_AFTER_SCROLL_PX : delta < 0 ? false : current.hidden;
        const atTop = y <= HIDE_AFTER_SCROLL_PX;
        return hidden === current.hidden && atTop === current.atTop ? current : { hidden, atTop };
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return state;
}
