import type { JournalEntryView } from '@reflections/contracts/rai';

/** One line of the conversation as the member sees it. */
export type ChatMessage = {
  readonly id: string;
  readonly type: 'user' | 'rai';
  readonly content: string;
  readonly crisis?: boolean;
  /** A message of the member's: kept by the server, on its way, or refused (with why). */
  readonly delivery?: 'sent' | 'sending' | 'failed';
  readonly failure?: string;
  /** RAI has not answered a kept message (still writing, or could not). */
  readonly note?: string;
};

/** A message sent from this page, until the journal (the conversation's record) holds it. */
export type LocalMessage = {
  readonly requestId: string;
  readonly content: string;
  readonly delivery: 'sending' | 'failed' | 'sent';
  readonly failure?: string;
  readonly entryId?: string;
  readonly reply?: { readonly content: string; readonly crisis: boolean };
};

const NO_REPLY = 'RAI could not answer this one.';
const STILL_WRITING = 'RAI is still answering…';

/**
 * The conversation: the journal's chat entries (newest first from the server) in the order they
 * were written, each with RAI's reply, then what this page sent that the journal does not show yet.
 */
export function conversationFrom(entries: readonly JournalEntryView[], local: readonly LocalMessage[]): ChatMessage[] {
  const kept = new Set(entries.map((entry) => entry.id));
  // A reply this page already has may reach the journal's read side a moment after the entry.
  const repliedHere = new Map(
    local.flatMap((message) => (message.entryId && message.reply ? [[message.entryId, message.reply] as const] : [])),
  );
  const fromJournal = [...entries].reverse().flatMap((entry): ChatMessage[] => {
    const reply = entry.aiGuidance ? { content: entry.aiGuidance, crisis: false } : repliedHere.get(entry.id);
    const mine: ChatMessage = {
      id: `${entry.id}-user`,
      type: 'user',
      content: entry.userResponse,
      delivery: 'sent',
      note: reply ? undefined : entry.status === 'failed' ? NO_REPLY : STILL_WRITING,
    };
    return reply ? [mine, { id: entry.id, type: 'rai', content: reply.content, crisis: reply.crisis }] : [mine];
  });
  const fromPage = local
    .filter((message) => !message.entryId || !kept.has(message.entryId))
    .flatMap((message): ChatMessage[] => {
      const mine: ChatMessage = {
        id: `${message.requestId}-user`,
        type: 'user',
        content: message.content,
        delivery: message.delivery,
        failure: message.failure,
      };
      return message.reply
        ? [
            mine,
            {
              id: `${message.requestId}-rai`,
              type: 'rai',
              content: message.reply.content,
              crisis: message.reply.crisis,
            },
          ]
        : [mine];
    });
  return [...fromJournal, ...fromPage];
}
