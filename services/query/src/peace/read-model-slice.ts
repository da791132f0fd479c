import type { ReadModelSlice } from '../projection-engine/read-model-database';
import { Migration2026112470PeaceAnswers } from './migration-2026112470-peace-answers';
import { PeaceAnswerSchema } from './peace-answer.entity';
import { peaceAnswersProjection } from './peace-answers-projection';
import { PeaceCountSchema } from './peace-count.entity';
import { peaceProjection } from './peace-projection';

/** P.E.A.C.E. counts and answers. */
export const peaceReadModels: ReadModelSlice = {
  entities: [PeaceCountSchema, PeaceAnswerSchema],
  migrations: [{ name: 'Migration2026112470PeaceAnswers', class: Migration2026112470PeaceAnswers }],
  projectors: [peaceProjection, peaceAnswersProjection],
};
