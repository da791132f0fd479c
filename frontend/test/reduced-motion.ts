/**
 * For the rest of the test file, the browser asks for reduced motion: typed text and
 * delayed forms then appear at once, as they do for people who ask for it.
 */
export function preferReducedMotion() {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query) => ({ ...matchMedia(query), matches: query.includes('prefers-reduced-motion') });
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });
}
