import type { AnnouncementEvent } from '@reflections/contracts/announcements';

export type Announcement = { readonly status: 'none' | 'published' | 'withdrawn' };
export const initialAnnouncement: Announcement = { status: 'none' };

export function evolveAnnouncement(state: Announcement, event: AnnouncementEvent): Announcement {
  switch (event.type) {
    case 'AnnouncementPublished':
    case 'AnnouncementEdited':
      return { status: 'published' };
    case 'AnnouncementWithdrawn':
      return { status: 'withdrawn' };
  }
}

export type AnnouncementCommand =
  | { type: 'Publish'; announcementId: string; title: string; body: string; by: string; now: string }
  | { type: 'Edit'; announcementId: string; title: string; body: string; by: string; now: string }
  | { type: 'Withdraw'; announcementId: string; by: string; now: string };
export type AnnouncementRejection = 'AlreadyPublished' | 'NotFound';

type Decision = { ok: true; events: AnnouncementEvent[] } | { ok: false; reason: AnnouncementRejection };

/** A withdrawn announcement is gone: it can be neither edited nor withdrawn again. */
export function decideAnnouncement(command: AnnouncementCommand, state: Announcement): Decision {
  const { announcementId, by, now } = command;
  switch (command.type) {
    case 'Publish':
      if (state.status !== 'none') return { ok: false, reason: 'AlreadyPublished' };
      return { ok: true, events: [{ type: 'AnnouncementPublished', data: { announcementId, title: command.title, body: command.body, publishedBy: by, publishedAt: now } }] };
    case 'Edit':
      if (state.status !== 'published') return { ok: false, reason: 'NotFound' };
      return { ok: true, events: [{ type: 'AnnouncementEdited', data: { announcementId, title: command.title, body: command.body, editedBy: by, editedAt: now } }] };
    case 'Withdraw':
      if (state.status !== 'published') return { ok: false, reason: 'NotFound' };
      return { ok: true, events: [{ type: 'AnnouncementWithdrawn', data: { announcementId, withdrawnBy: by, withdrawnAt: now } }] };
  }
}
