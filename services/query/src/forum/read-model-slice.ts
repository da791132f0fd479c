import type { ReadModelSlice } from '../projection-engine/read-model-database';
import { forumProjection } from './forum-projection';
import { forumNotificationsProjection } from './forum-notifications-projection';
import { ForumSlowModeSchema } from './forum-slow-mode.entity';
import { forumSlowModeProjection } from './forum-slow-mode-projection';
import { Migration2026112677ForumSlowMode } from './migration-2026112677-forum-slow-mode';
import { Migration2026112480ForumNotifications } from './migration-2026112480-forum-notifications';
import { Migration2026112303Forum } from './migration-2026112303-forum';
import { Migration2026112460ForumReview } from './migration-2026112460-forum-review';
import { Migration2026112461ForumSearch } from './migration-2026112461-forum-search';
import { Migration2026112462ForumEdits } from './migration-2026112462-forum-edits';
import { Migration2026112463ForumReactions } from './migration-2026112463-forum-reactions';
import { Migration2026112690ForumHiddenPosts } from './migration-2026112690-forum-hidden-posts';
import { Migration2026112695ForumNotificationFollows } from './migration-2026112695-forum-notification-follows';
import { Migration2026112710ForumPostsBoardOrder } from './migration-2026112710-forum-posts-board-order';

/** The Digital Campfire: its tables are read and written with SQL; slow mode's one small table has an entity. */
export const forumReadModels: ReadModelSlice = {
  entities: [ForumSlowModeSchema],
  migrations: [
    { name: 'Migration2026112303Forum', class: Migration2026112303Forum },
    { name: 'Migration2026112460ForumReview', class: Migration2026112460ForumReview },
    { name: 'Migration2026112461ForumSearch', class: Migration2026112461ForumSearch },
    { name: 'Migration2026112462ForumEdits', class: Migration2026112462ForumEdits },
    { name: 'Migration2026112463ForumReactions', class: Migration2026112463ForumReactions },
    { name: 'Migration2026112480ForumNotifications', class: Migration2026112480ForumNotifications },
    { name: 'Migration2026112677ForumSlowMode', class: Migration2026112677ForumSlowMode },
    { name: 'Migration2026112690ForumHiddenPosts', class: Migration2026112690ForumHiddenPosts },
    { name: 'Migration2026112695ForumNotificationFollows', class: Migration2026112695ForumNotificationFollows },
    { name: 'Migration2026112710ForumPostsBoardOrder', class: Migration2026112710ForumPostsBoardOrder },
  ],
  projectors: [forumProjection, forumNotificationsProjection, forumSlowModeProjection],
};
