import { AnnouncementEvent } from '@reflections/contracts/announcements';
import { accept, type Decider, type Decision, type Rejection, reject } from '@reflections/platform/command/decider';

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

type AnnouncementDecision = Decision<AnnouncementEvent, Rejection<AnnouncementRejection>>;

/** A withdrawn announcement is gone: it can be neither edited nor withdrawn again. */
export function decideAnnouncement(command: AnnouncementCommand, state: Announcement): AnnouncementDecision {
  const { announcementId, by, now } = command;
  switch (command.type) {
    case 'Publish':
      if (state.status !== 'none') return reject('AlreadyPublished');
      return accept({
        type: 'AnnouncementPublished',
        data: { announcementId, title: command.title, body: command.body, publishedBy: by, publishedAt: now },
      });
    case 'Edit':
      if (state.status !== 'published') return reject('NotFound');
      return accept({
        type: 'AnnouncementEdited',
        data: { announcementId, title: command.title, body: command.body, editedBy: by, editedAt: now },
      });
    case 'Withdraw':
      if (state.status !== 'published') return reject('NotFound');
      return accept({ type: 'AnnouncementWithdrawn', data: { announcementId, withdrawnBy: by, withdrawnAt: now } });
  }
}

export const announcementDecider: Decider<
  Announcement,
  AnnouncementCommand,
  AnnouncementEvent,
  Rejection<AnnouncementRejection>
> = {
  codec: AnnouncementEvent,
  initialState: initialAnnouncement,
  evolve: evolveAnnouncement,
  decide: decideAnnouncement,
};
