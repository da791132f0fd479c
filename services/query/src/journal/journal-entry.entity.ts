import { EntitySchema } from '@mikro-orm/core';
import type { DetectedMood, JournalSource, Mood } from '@reflections/contracts/rai';

/** One thing a member wrote to RAI, and RAI's answer once it comes. */
export class JournalEntry {
  id!: string;
  userId!: string;
  source!: JournalSource;
  userResponse!: string;
  prompt!: string | null;
  chosenMood!: Mood | null;
  detectedMood!: DetectedMood | null;
  aiGuidance!: string | null;
  /** RAI answered with the crisis resources: no mood is read from it and it stays out of the mood average and chart. */
  crisis!: boolean;
  status!: 'waiting' | 'answered' | 'failed';
  createdAt!: Date;
}

export const JournalEntrySchema = new EntitySchema<JournalEntry>({
  class: JournalEntry,
  tableName: 'journal_entries',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid' },
    source: { type: 'string' },
    userResponse: { type: 'text' },
    prompt: { type: 'text', nullable: true },
    chosenMood: { type: 'string', nullable: true },
    detectedMood: { type: 'string', nullable: true },
    aiGuidance: { type: 'text', nullable: true },
    crisis: { type: 'boolean', default: false },
    status: { type: 'string' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});

/** The mood a reflection counts with: the one the member chose, or else the one RAI heard. */
export const moodOf = (entry: Pick<JournalEntry, 'chosenMood' | 'detectedMood'>): DetectedMood | null =>
  entry.chosenMood ?? entry.detectedMood;
