import type * as t from 'io-ts';
import { JournalEvent, type JournalEntrySubmitted } from '@reflections/contracts/rai';
import { accept, type Decider, type Rejection } from '../plumbing/command-handler';

/** A member's words for his journal, from the chat, the guided journal or the AI test page. */
export type SubmitJournalEntry = { type: 'SubmitJournalEntry'; now: string } & Omit<
  JournalEntrySubmitted['data'],
  'submittedAt'
>;

/**
 * The journal (journal-{userId}) keeps every entry, whatever came before: nothing a member
 * writes is refused or lost. RAI's replies are appended to the same stream by the AI worker.
 */
export const journalDecider: Decider<null, SubmitJournalEntry, JournalEvent, Rejection<never>> = {
  codec: JournalEvent as unknown as t.Type<JournalEvent, unknown, unknown>,
  initialState: null,
  evolve: (state) => state,
  decide: ({ type: _type, now, ...entry }) =>
    accept({ type: 'JournalEntrySubmitted', data: { ...entry, submittedAt: now } }),
};
