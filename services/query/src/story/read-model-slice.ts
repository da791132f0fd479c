import type { ReadModelSlice } from '../projection-engine/read-model-database';
import { Migration2026112401StoryCrisis } from './migration-2026112401-story-crisis';
import { storyProjection } from './story-projection';
import { StorySessionSchema } from './story-session.entity';

/** Five-minute stories. */
export const storyReadModels: ReadModelSlice = {
  entities: [StorySessionSchema],
  migrations: [{ name: 'Migration2026112401StoryCrisis', class: Migration2026112401StoryCrisis }],
  projectors: [storyProjection],
};
