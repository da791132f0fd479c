import { READ_MODELS } from '@reflections/contracts/admin';
import { AnnouncementEdited, AnnouncementPublished, AnnouncementWithdrawn } from '@reflections/contracts/announcements';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { Announcement } from './announcement.entity';

export const announcementsProjection: Projector = {
  name: READ_MODELS.announcements,
  tables: ['announcements'],
  handlers: {
    AnnouncementPublished: (em, event) => {
      const data = dataOf(AnnouncementPublished, event);
      em.create(Announcement, { id: data.announcementId, title: data.title, body: data.body, publishedAt: new Date(data.publishedAt), editedAt: null, withdrawnAt: null });
    },
    AnnouncementEdited: async (em, event) => {
      const data = dataOf(AnnouncementEdited, event);
      const announcement = await em.findOne(Announcement, { id: data.announcementId });
      if (announcement) em.assign(announcement, { title: data.title, body: data.body, editedAt: new Date(data.editedAt) });
    },
    AnnouncementWithdrawn: async (em, event) => {
      const data = dataOf(AnnouncementWithdrawn, event);
      const announcement = await em.findOne(Announcement, { id: data.announcementId });
      if (announcement) announcement.withdrawnAt = new Date(data.withdrawnAt);
    },
  },
};
