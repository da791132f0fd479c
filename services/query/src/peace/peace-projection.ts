import { PeaceResponseRecorded } from '@reflections/contracts/peace';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { PeaceCount } from './peace-count.entity';

/** peace_counts: answers per member and section, for the P.E.A.C.E. card. */
export const peaceProjection: Projector = {
  name: 'peace',
  tables: ['peace_counts'],
  handlers: {
    PeaceResponseRecorded: async (em, event) => {
      const { userId, section } = dataOf(PeaceResponseRecorded, event);
      const row = await em.findOne(PeaceCount, { userId, section });
      if (row) row.answered += 1;
      else em.create(PeaceCount, { userId, section, answered: 1 });
    },
  },
};
