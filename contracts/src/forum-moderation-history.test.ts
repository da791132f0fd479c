import { upcastEvent } from './event-schemas';
import { PostHidden } from './forum';

describe("moderators' events from before they said why", () => {
  it('read with an empty reason, so deciders and projectors see one shape', () => {
    const stored = {
      type: 'PostHidden',
      data: { postId: 'p1', adminId: 'a1', at: '2026-11-01T00:00:00.000Z' },
      metadata: { causedBy: 'a1', correlationId: 'c', schemaVersion: 1 },
    };
    const read = upcastEvent(stored);
    expect(read.data).toEqual({ postId: 'p1', adminId: 'a1', at: '2026-11-01T00:00:00.000Z', reason: '' });
    expect(PostHidden.is({ type: read.type, data: read.data })).toBe(true);
  });
});
