import { EntitySchema } from '@mikro-orm/core';

/** How far a projector has read the log; written in the same transaction as its rows. */
export class ProjectorCheckpoint {
  name!: string;
  commitPosition!: string;
  preparePosition!: string;
  updatedAt!: Date;
}

export const ProjectorCheckpointSchema = new EntitySchema<ProjectorCheckpoint>({
  class: ProjectorCheckpoint,
  tableName: 'projector_checkpoints',
  properties: {
    name: { type: 'string', primary: true },
    commitPosition: { type: 'string', columnType: 'numeric(20,0)' },
    preparePosition: { type: 'string', columnType: 'numeric(20,0)' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
