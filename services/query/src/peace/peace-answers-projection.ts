import { READ_MODELS } from '@reflections/contracts/admin';
import { PeaceResponseRecorded } from '@reflections/contracts/peace';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { PeaceAnswerSchema } from './peace-answer.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

/**
 * peace_answers: every P.E.A.C.E. answer, for the member's own export. Its own projector (not
 * the counts'), so that on its first start it reads the log from the beginning.
 */
export const peaceAnswersProjection = entityProjection({
  name: READ_MODELS.peaceAnswers,
  entity: PeaceAnswerSchema,
  forgetMember: deletingRowsOf('peace_answers'),
  handlers: {
    PeaceResponseRecorded: (answers, event) => {
      const data = dataOf(PeaceResponseRecorded, event);
      answers.insert({
        id: data.responseId,
        userId: data.userId,
        section: data.section,
        prompt: data.prompt,
        response: data.response,
        recordedAt: new Date(data.recordedAt),
      });
    },
  },
});
