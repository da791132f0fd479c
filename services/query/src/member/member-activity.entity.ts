import { EntitySchema } from '@mikro-orm/core';
import type { UserActivity } from '@reflections/contracts/dashboard';

/** One line of a member's own recent activity; its id is the event's. */
export class MemberActivity {
  id!: string;
  userId!: string;
  kind!: UserActivity['kind'];
  summary!: string;
  at!: Date;
}

export const MemberActivitySchema = new EntitySchema<MemberActivity>({
  class: MemberActivity,
  tableName: 'member_activities',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid' },
    kind: { type: 'string' },
    summary: { type: 'text' },
    at: { type: 'Date', columnType: 'timestamptz' },
  },
});
