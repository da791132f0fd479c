import { useEffect } from 'react';
import { useReducedMotion } from '../lib/use-reduced-motion';

/** docs/product.md#app-shell: 2500 ms of splash, then a 500 ms fade. Under reduced motion it is a brief still frame. */
const SPLASH_MS = 2500;
const SPLASH_FADE_MS = 500;
const REDUCED_SPLASH_MS = 600;

/** The splash drawn by index.html, painted with the page's first bytes; React only times its end. */
export const staticSplash = () => document.getElementById('splash');

/**
 * The splash was first painted before any script ran: its time counts from that paint
 * (the page's first contentful paint), so the JavaScript loading behind it uses up the
 * 2.5 s instead of adding to them.
 */
function msSinceSplashPainted(): number {
  // Optional: jsdom has no performance timeline; without it the 2.5 s count from now.
  const paint = performance.getEntriesByName?.('first-contentful-paint')[0];
  return paint ? performance.now() - paint.startTime : 0;
}

/** Takes over the static splash: fades it out on time, then hands over to the app. */
export function SplashScreen({ onDone }: { readonly onDone: () => void }) {
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const showFor = Math.max(0, (reducedMotion ? REDUCED_SPLASH_MS : SPLASH_MS) - msSinceSplashPainted());
    const fadeFor = reducedMotion ? 0 : SPLASH_FADE_MS;
    const fade = setTimeout(() => staticSplash()?.classList.add('splash-leaving'), showFor);
    const done = setTimeout(onDone, showFor + fadeFor);
    return () => {
      clearTimeout(fade);
      clearTimeout(done);
    };
  }, [reducedMotion, onDone]);

  return null;
}
