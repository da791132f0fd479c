import { comparePositions, type Position, START } from '@reflections/contracts/position';
import type { RecordedEvent } from './event-store';

/**
 * The newest stretch of the log this process has read: every settled event in (from, end],
 * in order. A process's subscriptions follow the same log one behind another; each read
 * that continues the stretch extends it, and a subscription whose cursor is inside it takes
 * its next page from here instead of reading and parsing the same rows again.
 *
 * A page read after X holds every settled event after X up to its last (settled: no
 * transaction still running can commit one before it), so a page that starts inside the
 * stretch or at its end continues it without a gap.
 */
export class RecentEvents {
  /** Null while nothing is held. */
  private from: Position | null = null;
  private events: RecordedEvent[] = [];

  constructor(private readonly capacity = 5_000) {}

  private get end(): Position | null {
    return this.events.length > 0 ? this.events[this.events.length - 1].position : this.from;
  }

  /** Up to `maxCount` held events after `after`; null when `after` is not inside the stretch (before it, at its end or past it). */
  after(after: Position = START, maxCount: number): RecordedEvent[] | null {
    const { from, end } = this;
    if (from === null || end === null || comparePositions(after, from) < 0 || comparePositions(after, end) >= 0)
      return null;
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (comparePositions(this.events[middle].position, after) <= 0) low = middle + 1;
      else high = middle;
    }
    return this.events.slice(low, low + maxCount);
  }

  /** Whether a read after `after` would continue the stretch from its end. */
  endsAt(after: Position = START): boolean {
    const end = this.end;
    return end !== null && comparePositions(after, end) === 0;
  }

  /** Takes in a page read from the log after `after`. */
  add(after: Position = START, page: readonly RecordedEvent[]) {
    if (page.length === 0) return;
    const { from, end } = this;
    if (from === null || end === null || comparePositions(after, end) > 0) {
      // Nothing held, or a page past the end (a gap between): the newer stretch replaces it.
      this.from = after;
      this.events = [...page];
    } else if (comparePositions(after, from) >= 0) {
      let last = end;
      for (const event of page) {
        if (comparePositions(event.position, last) <= 0) continue;
        this.events.push(event);
        last = event.position;
      }
    }
    // A page that starts before the stretch is a subscription catching up: nothing to keep.
    // Trimmed in chunks, so a steady stream does not shift the whole array at every page.
    if (this.events.length > this.capacity * 1.5) {
      const dropped = this.events.splice(0, this.events.length - this.capacity);
      this.from = dropped[dropped.length - 1].position;
    }
  }
}
