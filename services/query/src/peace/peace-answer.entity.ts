import { EntitySchema } from '@mikro-orm/core';
import type { PeaceSectionId } from '@reflections/contracts/peace';

/** One P.E.A.C.E. answer in the member's words: his export and his reflections for a therapist. */
export class PeaceAnswer {
  id!: string;
  userId!: string;
  section!: PeaceSectionId;
  prompt!: string;
  response!: string;
  recordedAt!: Date;
}

export const PeaceAnswerSchema = new EntitySchema<PeaceAnswer>({
  class: PeaceAnswer,
  tableName: 'peace_answers',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid' },
    section: { type: 'text' },
    prompt: { type: 'text' },
    response: { type: 'text' },
    recordedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
