import { setTimeout as sleep } from 'node:timers/promises';
import * as t from 'io-ts';
import { ForumPostEvent } from '@reflections/contracts/forum';
import { forumPostStream } from '@reflections/contracts/streams';
import { type AppendResult, type EventStore, WrongExpectedRevisionError } from '@reflections/platform/event-store/event-store';
import { conflict, HttpError, notFound } from '@reflections/platform/http/http-error';
import { appendEvents, type CommandContext, type Loaded, loadStream } from '../infra/event-stream';
import { decideForumPost, evolveForumPost, type ForumPost, type ForumPostCommand, type ForumRejection, initialForumPost } from './forum-post-decider';

const ForumPostEventCodec = ForumPostEvent as unknown as t.Type<ForumPostEvent, unknown, unknown>;

export const loadForumPost = (store: EventStore, postId: string) => loadStream(store, forumPostStream(postId), ForumPostEventCodec, evolveForumPost, initialForumPost);

/**
 * Enough attempts for every one of 50 members replying to the same post at the same
 * moment to get through: each round of conflicts lets at least one writer win.
 */
const MAX_ATTEMPTS = 60;

const REJECTION_STATUS: Record<ForumRejection, () => HttpError> = {
  PostExists: () => conflict('This post already exists'),
  PostNotFound: () => notFound('Post not found'),
  ReplyNotFound: () => notFound('Reply not found'),
  ReportNotFound: () => notFound('Report not found'),
};

/**
 * Load, decide, append with the expected revision; on a conflict load again and decide
 * again (the command may no longer apply, e.g. the post was hidden meanwhile). A
 * rejection becomes its HTTP error. Null when the decision appended nothing.
 */
export async function handleForumPostCommand(
  store: EventStore,
  postId: string,
  command: ForumPostCommand,
  context: CommandContext,
  /** The stream as the caller already read it (or knows it: a new post's stream is empty), to save the first read. */
  known?: Loaded<ForumPost>,
): Promise<AppendResult | null> {
  for (let attempt = 1; ; attempt += 1) {
    const { state, expectedRevision } = attempt === 1 && known ? known : await loadForumPost(store, postId);
    const decision = decideForumPost(command, state);
    if (!decision.ok) throw REJECTION_STATUS[decision.reason]();
    try {
      return await appendEvents(store, forumPostStream(postId), decision.events, context, expectedRevision);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict('The post changed too often while saving; please try again');
      // Jitter spreads the writers that just collided, so the next round has fewer of them.
      await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
  }
}
