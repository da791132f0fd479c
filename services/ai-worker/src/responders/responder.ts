import type { DetectedMood, Mood, SessionType } from '@reflections/contracts/rai';

export type JournalReplyRequest = {
  /** 'chat' answers the dashboard chat and the test page; 'guidance' the guided journal. */
  purpose: 'chat' | 'guidance';
  text: string;
  prompt: string | null;
  /** The mood the member chose, if any. */
  mood: Mood | null;
  /** Makes a deterministic responder vary between jobs with the same words. */
  seed: string;
  /** The crisis check fired: the reply follows safe messaging instead of the usual reflection, and reads no mood. */
  crisis: boolean;
  /** RAI's earlier replies in this conversation, newest first: what has been said already need not be said again. */
  earlierReplies?: readonly string[];
};

/** `mood` is null for a crisis reply: no mood is ever read from a crisis message. */
export type JournalReply = { reply: string; mood: DetectedMood | null; insights: string[] };

/** Writes RAI's words. Two of them: OpenAI, and the offline RAI when no key is set. */
export interface Responder {
  readonly name: 'openai' | 'offline';
  /** Calls onChunk with consecutive pieces of `reply` as they are written; null when nobody listens. */
  journalReply(request: JournalReplyRequest, onChunk: ((text: string) => void) | null): Promise<JournalReply>;
  reflectionPrompt(sessionType: SessionType, seed: string): Promise<string>;
  storyPrompt(step: number, answers: readonly string[], seed: string): Promise<string>;
  adminAssistant(question: string, context: unknown): Promise<string>;
}
