import type { Position } from '@reflections/contracts/position';
import type { RecordedEvent } from './event-store';
import { RecentEvents } from './recent-events';

const at = (commit: number, prepare = 1): Position => ({ commit: BigInt(commit), prepare: BigInt(prepare) });
const event = (commit: number): RecordedEvent => ({
  id: `e${commit}`,
  type: 'SomethingHappened',
  data: {},
  metadata: { causedBy: null, correlationId: 'test', schemaVersion: 1 },
  streamName: 's',
  revision: 0n,
  position: at(commit),
  createdAt: new Date(0),
});
const ids = (events: readonly RecordedEvent[] | null) => events?.map((e) => e.id) ?? null;

describe('recent events: the newest stretch of the log a process has read', () => {
  it('serves a subscription behind the end of the stretch from memory, and none at or past its end', () => {
    const recent = new RecentEvents();
    recent.add(at(10), [event(11), event(12), event(13)]);
    expect(ids(recent.after(at(10), 10))).toEqual(['e11', 'e12', 'e13']);
    expect(ids(recent.after(at(11), 1))).toEqual(['e12']);
    expect(recent.after(at(13), 10)).toBeNull();
    expect(recent.endsAt(at(13))).toBe(true);
    // Before the stretch, the events in between were never held.
    expect(recent.after(at(9), 10)).toBeNull();
  });

  it('grows with pages that continue it, and never holds an event twice', () => {
    const recent = new RecentEvents();
    recent.add(at(10), [event(11), event(12)]);
    recent.add(at(12), [event(13)]);
    recent.add(at(11), [event(12), event(13), event(14)]);
    expect(ids(recent.after(at(10), 10))).toEqual(['e11', 'e12', 'e13', 'e14']);
  });

  it('starts again past a gap, and ignores a page read by a subscription catching up', () => {
    const recent = new RecentEvents();
    recent.add(at(10), [event(11)]);
    recent.add(at(5), [event(6), event(7)]);
    expect(ids(recent.after(at(10), 10))).toEqual(['e11']);
    recent.add(at(20), [event(21)]);
    expect(recent.after(at(10), 10)).toBeNull();
    expect(ids(recent.after(at(20), 10))).toEqual(['e21']);
  });

  it('keeps only the newest events once it grows past its capacity', () => {
    const recent = new RecentEvents(10);
    recent.add(
      at(0),
      Array.from({ length: 16 }, (_, i) => event(i + 1)),
    );
    expect(recent.after(at(0), 100)).toBeNull();
    expect(ids(recent.after(at(6), 100))).toEqual(['e7', 'e8', 'e9', 'e10', 'e11', 'e12', 'e13', 'e14', 'e15', 'e16']);
  });
});
