import { EntitySchema } from '@mikro-orm/core';
import type { ForumBoard } from '@reflections/contracts/forum';

/** A board's slow mode as last set: what members are told, and the moderator's why for the admin screen. */
export class ForumSlowMode {
  board!: ForumBoard;
  seconds!: number;
  reason!: string;
  setBy!: string;
  setAt!: Date;
}

export const ForumSlowModeSchema = new EntitySchema<ForumSlowMode>({
  class: ForumSlowMode,
  tableName: 'forum_slow_mode',
  properties: {
    board: { type: 'string', columnType: 'text', primary: true },
    seconds: { type: 'integer' },
    reason: { type: 'text' },
    setBy: { type: 'uuid' },
    setAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
