import { PeaceResponseRecorded } from '@reflections/contracts/peace';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { PeaceAnswer } from './peace-answer.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

const answers = perBatch((em) => new EntityBatch(em, PeaceAnswer));

/**
 * peace_answers: every P.E.A.C.E. answer, for the member's own export. Its own projector (not
 * the counts'), so that on its first start it reads the log from the beginning.
 */
export const peaceAnswersProjection: Projector = {
  name: 'peace-answers',
  tables: ['peace_answers'],
  forgetMember: deletingRowsOf('peace_answers'),
  beforeBatch: async (em) => {
    answers.start(em);
  },
  afterBatch: (em) => answers.finish(em)!.write(em),
  handlers: {
    PeaceResponseRecorded: (em, event) => {
      const data = dataOf(PeaceResponseRecorded, event);
      answers.of(em).insert({ id: data.responseId, userId: data.userId, section: data.section, prompt: data.prompt, response: data.response, recordedAt: new Date(data.recordedAt) });
    },
  },
};
