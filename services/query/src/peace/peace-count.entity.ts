import { EntitySchema } from '@mikro-orm/core';
import type { PeaceSectionId } from '@reflections/contracts/peace';

/** How many P.E.A.C.E. answers a member has saved in one section. */
export class PeaceCount {
  userId!: string;
  section!: PeaceSectionId;
  answered!: number;
}

export const PeaceCountSchema = new EntitySchema<PeaceCount>({
  class: PeaceCount,
  tableName: 'peace_counts',
  properties: {
    userId: { type: 'uuid', primary: true },
    section: { type: 'string', primary: true },
    answered: { type: 'integer' },
  },
});
