import { PeaceResponseRecorded } from '@reflections/contracts/peace';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { PeaceCount } from './peace-count.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

const counts = perBatch((em) => new EntityBatch(em, PeaceCount));

/** peace_counts: answers per member and section, for the P.E.A.C.E. card. */
export const peaceProjection: Projector = {
  name: 'peace',
  tables: ['peace_counts'],
  forgetMember: deletingRowsOf('peace_counts'),
  // The counts a batch adds to, loaded with one query; one statement writes them all.
  beforeBatch: async (em, events) => {
    await counts.start(em).load(em, events.map((event) => event.data as Pick<PeaceCount, 'userId' | 'section'>));
  },
  afterBatch: (em) => counts.finish(em)!.write(em),
  handlers: {
    PeaceResponseRecorded: (em, event) => {
      const { userId, section } = dataOf(PeaceResponseRecorded, event);
      const batch = counts.of(em);
      batch.insert({ userId, section, answered: 0 });
      batch.update({ userId, section }, (row) => (row.answered += 1));
    },
  },
};
