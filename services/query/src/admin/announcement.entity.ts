import { EntitySchema } from '@mikro-orm/core';

/** An announcement as members' dashboards and the admin's editor show it; withdrawn ones stay, marked. */
export class Announcement {
  id!: string;
  title!: string;
  body!: string;
  publishedAt!: Date;
  editedAt!: Date | null;
  withdrawnAt!: Date | null;
}

export const AnnouncementSchema = new EntitySchema<Announcement>({
  class: Announcement,
  tableName: 'announcements',
  properties: {
    id: { type: 'uuid', primary: true },
    title: { type: 'text' },
    body: { type: 'text' },
    publishedAt: { type: 'Date', columnType: 'timestamptz' },
    editedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    withdrawnAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
