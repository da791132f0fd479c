import { READ_MODELS } from '@reflections/contracts/admin';
import { PeaceResponseRecorded } from '@reflections/contracts/peace';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { type PeaceCount, PeaceCountSchema } from './peace-count.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

/** peace_counts: answers per member and section, for the P.E.A.C.E. card. */
export const peaceProjection = entityProjection({
  name: READ_MODELS.peace,
  entity: PeaceCountSchema,
  keyOf: (event) => event.data as Pick<PeaceCount, 'userId' | 'section'>,
  forgetMember: deletingRowsOf('peace_counts'),
  handlers: {
    PeaceResponseRecorded: (counts, event) => {
      const { userId, section } = dataOf(PeaceResponseRecorded, event);
      counts.insert({ userId, section, answered: 0 });
      counts.update({ userId, section }, (row) => (row.answered += 1));
    },
  },
});
