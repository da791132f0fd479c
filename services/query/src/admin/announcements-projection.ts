import { READ_MODELS } from '@reflections/contracts/admin';
import { AnnouncementEdited, AnnouncementPublished, AnnouncementWithdrawn } from '@reflections/contracts/announcements';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { Announcement } from './announcement.entity';

const announcements = perBatch((em) => new EntityBatch(em, Announcement));

export const announcementsProjection: Projector = {
  name: READ_MODELS.announcements,
  tables: ['announcements'],
  // The announcements a batch touches, loaded with one query; one statement writes them all.
  beforeBatch: async (em, events) => {
    await announcements.start(em).load(em, events.map((event) => ({ id: (event.data as { announcementId: string }).announcementId })));
  },
  afterBatch: (em) => announcements.finish(em)!.write(em),
  handlers: {
    AnnouncementPublished: (em, event) => {
      const data = dataOf(AnnouncementPublished, event);
      announcements.of(em).insert({ id: data.announcementId, title: data.title, body: data.body, publishedAt: new Date(data.publishedAt), editedAt: null, withdrawnAt: null });
    },
    AnnouncementEdited: (em, event) => {
      const data = dataOf(AnnouncementEdited, event);
      announcements.of(em).update({ id: data.announcementId }, (announcement) => Object.assign(announcement, { title: data.title, body: data.body, editedAt: new Date(data.editedAt) }));
    },
    AnnouncementWithdrawn: (em, event) => {
      const data = dataOf(AnnouncementWithdrawn, event);
      announcements.of(em).update({ id: data.announcementId }, (announcement) => (announcement.withdrawnAt = new Date(data.withdrawnAt)));
    },
  },
};
