import { useEffect, useRef } from 'react';

/**
 * On the journey, Enter means "next" wherever focus is, so that it never falls through to
 * the app-wide Enter-to-begin key, which would leave the journey and lose the answers. It
 * listens in the capture phase and marks the event handled (the app-wide key skips handled events).
 * Controls that give Enter a meaning of their own keep it: a new line, a button press, a link.
 */
export function useEnterToProceed(proceed: () => void) {
  const latest = useRef(proceed);
  latest.current = proceed;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest('textarea, button, a[href], select, [role="button"]'))
        return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
