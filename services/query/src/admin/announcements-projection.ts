import { READ_MODELS } from '@reflections/contracts/admin';
import { AnnouncementEdited, AnnouncementPublished, AnnouncementWithdrawn } from '@reflections/contracts/announcements';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { AnnouncementSchema } from './announcement.entity';

export const announcementsProjection = entityProjection({
  name: READ_MODELS.announcements,
  entity: AnnouncementSchema,
  keyOf: (event) => ({ id: (event.data as { announcementId?: string }).announcementId }),
  handlers: {
    AnnouncementPublished: (announcements, event) => {
      const data = dataOf(AnnouncementPublished, event);
      announcements.insert({
        id: data.announcementId,
        title: data.title,
        body: data.body,
        publishedAt: new Date(data.publishedAt),
        editedAt: null,
        withdrawnAt: null,
      });
    },
    AnnouncementEdited: (announcements, event) => {
      const data = dataOf(AnnouncementEdited, event);
      announcements.update({ id: data.announcementId }, (announcement) =>
        Object.assign(announcement, { title: data.title, body: data.body, editedAt: new Date(data.editedAt) }),
      );
    },
    AnnouncementWithdrawn: (announcements, event) => {
      const data = dataOf(AnnouncementWithdrawn, event);
      announcements.update(
        { id: data.announcementId },
        (announcement) => (announcement.withdrawnAt = new Date(data.withdrawnAt)),
      );
    },
  },
});
