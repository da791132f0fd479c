import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useReducedMotion } from './use-reduced-motion';

/** Room left above a section scrolled to from a URL hash, so the site bar does not cover it. */
export const HASH_SCROLL_OFFSET_PX = 100;

type HashScrollOptions = {
  /** Wait this long first, so sections opened by the hash have rendered. */
  readonly delayMs: number;
  /** Only these ids are targets; any other hash is ignored (the page opened at the top, see usePageScroll). */
  readonly targets?: readonly string[];
};

function scrollToId(id: string, smooth: boolean): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX;
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
  return true;
}

/** Scrolls once, smoothly, to the element named by the URL hash after a delay, leaving room for the site bar. */
export function useHashScroll({ delayMs, targets }: HashScrollOptions) {
  const { hash } = useLocation();
  const reducedMotion = useReducedMotion();
  const targetList = targets?.join(' ');

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const isTarget = id !== '' && (targetList === undefined || targetList.split(' ').includes(id));
    if (!isTarget) return undefined;
    const timer = setTimeout(() => scrollToId(id, !reducedMotion), delayMs);
    return () => clearTimeout(timer);
  }, [hash, delayMs, targetList, reducedMotion]);
}
