import { EntitySchema } from '@mikro-orm/core';
import type { StorySessionStatus } from '@reflections/contracts/story';

/** A five-minute story as the widget shows it. */
export class StorySessionRow {
  id!: string;
  userId!: string;
  status!: StorySessionStatus;
  currentStep!: number;
  prompts!: string[];
  responses!: string[];
  startedAt!: Date;
  completedAt!: Date | null;
  storyText!: string | null;
  sessionDuration!: number | null;
  crisisResourcesShown!: boolean;
}

export const StorySessionSchema = new EntitySchema<StorySessionRow>({
  class: StorySessionRow,
  tableName: 'story_sessions',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid' },
    status: { type: 'string' },
    currentStep: { type: 'integer' },
    prompts: { type: 'json' },
    responses: { type: 'json' },
    startedAt: { type: 'Date', columnType: 'timestamptz' },
    completedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    storyText: { type: 'text', nullable: true },
    sessionDuration: { type: 'integer', nullable: true },
    crisisResourcesShown: { type: 'boolean', default: false },
  },
});
