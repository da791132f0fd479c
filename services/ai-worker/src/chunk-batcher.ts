/** How long later pieces of a reply may wait to travel together: under one frame at 30 per second. */
export const CHUNK_WINDOW_MS = 30;

/**
 * Joins the pieces of a reply written close together, so NATS carries one message per
 * window rather than one per token: the first piece goes at once (the member sees RAI
 * start), later ones at most every `windowMs`, in order. `flush` sends what is left; call
 * it before the job's outcome, so every piece arrives before it.
 */
export function chunkBatcher(send: (text: string) => void, windowMs = CHUNK_WINDOW_MS) {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  let lastSent = Number.NEGATIVE_INFINITY;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending === '') return;
    send(pending);
    pending = '';
    lastSent = performance.now();
  };
  return {
    push: (text: string) => {
      pending += text;
      if (timer) return;
      const wait = lastSent + windowMs - performance.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
  };
}
