import { READ_MODELS } from '@reflections/contracts/admin';
import { ForumSlowModeSet } from '@reflections/contracts/forum-slow-mode';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { ForumSlowModeSchema } from './forum-slow-mode.entity';

/** forum_slow_mode: the last ForumSlowModeSet of each board. */
export const forumSlowModeProjection = entityProjection({
  name: READ_MODELS.forumSlowMode,
  entity: ForumSlowModeSchema,
  keyOf: (event) => ({ board: (event.data as { board?: 'campfire' }).board }),
  handlers: {
    ForumSlowModeSet: (boards, event) => {
      const { board, seconds, reason, adminId, at } = dataOf(ForumSlowModeSet, event);
      const row = { board, seconds, reason, setBy: adminId, setAt: new Date(at) };
      boards.insert(row);
      boards.update({ board }, (stored) => Object.assign(stored, row));
    },
  },
});
