import type { Page } from 'playwright-core';

/**
 * How much of the journey's progress track its bar fills, 0 to 1, once the bar has eased
 * to its value (MUI animates it): the last step must read as a full bar, not most of one.
 */
export async function journeyProgressFill(page: Page): Promise<number> {
  await page.waitForFunction(() => {
    const bar = document.querySelector('[aria-label="Journey progress"] .MuiLinearProgress-bar');
    return bar !== null && bar.getAnimations().length === 0;
  });
  return page.evaluate(() => {
    const track = document.querySelector('[aria-label="Journey progress"]')!.getBoundingClientRect();
    const bar = document
      .querySelector('[aria-label="Journey progress"] .MuiLinearProgress-bar')!
      .getBoundingClientRect();
    return (Math.min(bar.right, track.right) - track.left) / track.width;
  });
}
