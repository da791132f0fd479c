import { usersProjection } from './auth/users-projection';
import { forumProjection } from './forum/forum-projection';
import type { Projector } from './infra/projector';

/** Every projector the query service runs. */
export const PROJECTORS: readonly Projector[] = [usersProjection, forumProjection];
