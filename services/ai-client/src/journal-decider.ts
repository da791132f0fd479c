import type * as t from 'io-ts';
import {
  type CrisisResourcesShown,
  JournalEvent,
  type JournalEntrySubmitted,
  type RaiReplyFailed,
  type RaiReplyGenerated,
} from '@reflections/contracts/rai';
import { accept, type Decider, type Rejection } from '@reflections/platform/command/decider';

/** A member's words for his journal, from the chat, the guided journal or the AI test page. */
export type SubmitJournalEntry = { type: 'SubmitJournalEntry'; now: string } & Omit<
  JournalEntrySubmitted['data'],
  'submittedAt'
>;

/** RAI's reply to an entry; a crisis reply shows the crisis lines `where` the member wrote. */
export type RecordRaiReply = {
  type: 'RecordRaiReply';
  reply: RaiReplyGenerated['data'];
  where: Extract<CrisisResourcesShown['data']['where'], 'journal' | 'chat'>;
};

/** RAI could not answer an entry at all: the member is told, his words stay. */
export type RecordRaiReplyFailure = { type: 'RecordRaiReplyFailure' } & RaiReplyFailed['data'];

export type JournalCommand = SubmitJournalEntry | RecordRaiReply | RecordRaiReplyFailure;

function decide(command: JournalCommand) {
  switch (command.type) {
    case 'SubmitJournalEntry': {
      const { type: _type, now, ...entry } = command;
      return accept<JournalEvent>({ type: 'JournalEntrySubmitted', data: { ...entry, submittedAt: now } });
    }
    case 'RecordRaiReply': {
      const { reply, where } = command;
      const replied: JournalEvent = { type: 'RaiReplyGenerated', data: reply };
      return reply.crisis
        ? accept<JournalEvent>(replied, { type: 'CrisisResourcesShown', data: { where, shownAt: reply.generatedAt } })
        : accept<JournalEvent>(replied);
    }
    case 'RecordRaiReplyFailure': {
      const { type: _type, ...failure } = command;
      return accept<JournalEvent>({ type: 'RaiReplyFailed', data: failure });
    }
  }
}

/**
 * The journal (journal-{userId}) keeps every entry, whatever came before: nothing a member
 * writes is refused or lost. The command service appends his entries, the AI worker RAI's
 * replies, both through this decider (with `appendOnly`: no command depends on the stream's past).
 */
export const journalDecider: Decider<null, JournalCommand, JournalEvent, Rejection<never>> = {
  codec: JournalEvent as unknown as t.Type<JournalEvent, unknown, unknown>,
  initialState: null,
  evolve: (state) => state,
  decide,
};
