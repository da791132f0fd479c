import { forumPostStream } from '@reflections/contracts/streams';
import type { AppendResult, EventStore } from '@reflections/platform/event-store/event-store';
import { conflict, forbidden, HttpError, notFound } from '@reflections/platform/http/http-error';
import { handleCommand, latestState, type Loaded } from '@reflections/platform/command/command-handler';
import type { CommandContext } from '@reflections/platform/command/command-context';
import { recentStates } from '../plumbing/recent-states';
import { type ForumPost, type ForumPostCommand, forumPostDecider, type ForumRejection } from './forum-post-decider';

/**
 * Enough attempts for every one of 50 members replying to the same post at the same
 * moment to get through: each round of conflicts lets at least one writer win.
 */
const MAX_ATTEMPTS = 60;

/** How many posts a command process remembers: the ones members are writing to now. */
const RECENT_POSTS = 5_000;

const REJECTION_STATUS: Record<ForumRejection, () => HttpError> = {
  PostExists: () => conflict('This post already exists'),
  PostNotFound: () => notFound('Post not found'),
  ReplyNotFound: () => notFound('Reply not found'),
  ReportNotFound: () => notFound('Report not found'),
  NotAuthor: () => forbidden('Only its author can change this'),
};

/**
 * The forum's post streams, handled with the options a busy thread needs: the visible posts
 * this process last wrote or read are remembered (a hidden post is forgotten, so a member's
 * 404 always comes from a read of the stream), so a reply to a post just seen appends at
 * once with the remembered revision; a conflict reads and decides again, up to MAX_ATTEMPTS.
 */
export function forumPostStore(store: EventStore) {
  const options = {
    cache: recentStates<ForumPost>({ max: RECENT_POSTS, worthKeeping: (post) => post.exists && !post.isHidden }),
    retry: { onVersionConflict: MAX_ATTEMPTS, message: 'The post changed too often while saving; please try again' },
  };
  // Made once, not per command.
  const forNewPost = { ...options, ...newPost };
  return {
    /** The post as this process last saw it, or as read now. */
    latest: (postId: string): Promise<Loaded<ForumPost>> =>
      latestState(store, forumPostStream(postId), forumPostDecider, options.cache),

    /** handleCommand on the post's stream; a refusal becomes its HTTP error. Null when the decision appended nothing. */
    async handle(
      postId: string,
      command: ForumPostCommand,
      context: CommandContext,
      how: { newStream?: boolean } = {},
    ): Promise<AppendResult | null> {
      const outcome = await handleCommand(
        store,
        forumPostStream(postId),
        forumPostDecider,
        command,
        context,
        how.newStream ? forNewPost : options,
      );
      if (!outcome.ok) throw REJECTION_STATUS[outcome.reason]();
      return outcome.result;
    },
  };
}

/** A new post's stream: known to be empty, no read needed. */
export const newPost = { newStream: true } as const;
