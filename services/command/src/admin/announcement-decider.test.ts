import type { AnnouncementEvent } from '@reflections/contracts/announcements';
import { type AnnouncementCommand, decideAnnouncement, evolveAnnouncement, initialAnnouncement } from './announcement-decider';

const now = '2026-11-22T10:00:00.000Z';
const published: AnnouncementEvent = { type: 'AnnouncementPublished', data: { announcementId: 'n1', title: 'Hello', body: 'A first word.', publishedBy: 'a1', publishedAt: now } };
const withdrawn: AnnouncementEvent = { type: 'AnnouncementWithdrawn', data: { announcementId: 'n1', withdrawnBy: 'a1', withdrawnAt: now } };
const when = (command: AnnouncementCommand, ...events: AnnouncementEvent[]) => decideAnnouncement(command, events.reduce(evolveAnnouncement, initialAnnouncement));
const edit: AnnouncementCommand = { type: 'Edit', announcementId: 'n1', title: 'Hello again', body: 'A second word.', by: 'a1', now };

describe('announcement decider', () => {
  it('publishes, edits and withdraws', () => {
    expect(when({ type: 'Publish', announcementId: 'n1', title: 'Hello', body: 'A first word.', by: 'a1', now })).toEqual({ ok: true, events: [published] });
    expect(when(edit, published)).toEqual({
      ok: true,
      events: [{ type: 'AnnouncementEdited', data: { announcementId: 'n1', title: 'Hello again', body: 'A second word.', editedBy: 'a1', editedAt: now } }],
    });
    expect(when({ type: 'Withdraw', announcementId: 'n1', by: 'a1', now }, published)).toEqual({ ok: true, events: [withdrawn] });
  });

  it('knows no announcement that was never published or was withdrawn', () => {
    expect(when(edit)).toEqual({ ok: false, reason: 'NotFound' });
    expect(when(edit, published, withdrawn)).toEqual({ ok: false, reason: 'NotFound' });
    expect(when({ type: 'Withdraw', announcementId: 'n1', by: 'a1', now }, published, withdrawn)).toEqual({ ok: false, reason: 'NotFound' });
  });
});
