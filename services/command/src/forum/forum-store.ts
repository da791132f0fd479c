import { setTimeout as sleep } from 'node:timers/promises';
import * as t from 'io-ts';
import { LRUCache } from 'lru-cache';
import { ForumPostEvent } from '@reflections/contracts/forum';
import { forumPostStream } from '@reflections/contracts/streams';
import { type AppendResult, type EventStore, WrongExpectedRevisionError } from '@reflections/platform/event-store/event-store';
import { conflict, forbidden, HttpError, notFound } from '@reflections/platform/http/http-error';
import { appendEvents, type Loaded, loadStream } from '../plumbing/command-handler';
import type { CommandContext } from '../plumbing/command-context';
import { decideForumPost, evolveForumPost, type ForumPost, type ForumPostCommand, type ForumRejection, initialForumPost } from './forum-post-decider';

const ForumPostEventCodec = ForumPostEvent as unknown as t.Type<ForumPostEvent, unknown, unknown>;

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

/** A post's state and revision; `remembered` when it comes from this process's memory rather than a read of the stream. */
export type KnownPost = Loaded<ForumPost> & { readonly remembered: boolean };

/**
 * The visible posts this process last wrote or read, with their revision (`lru-cache`,
 * least recently used dropped first). Another process may have appended since: a
 * remembered state only serves an append with its revision, which the store refuses if
 * the stream moved on.
 */
class RecentPosts {
  private readonly posts = new LRUCache<string, Loaded<ForumPost>>({ max: RECENT_POSTS });

  get(postId: string): Loaded<ForumPost> | undefined {
    return this.posts.get(postId);
  }

  /** Hidden posts are forgotten, so a member's 404 always comes from a read of the stream. */
  keep(postId: string, post: Loaded<ForumPost>) {
    if (!post.state.exists || post.state.isHidden) this.posts.delete(postId);
    else this.posts.set(postId, post);
  }
}

/**
 * The forum's post streams for the command handlers. A reply to a post this process has
 * just seen appends at once with the remembered revision (no read of the stream); on a
 * conflict, or for any command whose outcome a stale state could change (a refusal, a
 * no-op), the stream is read and the command decided again.
 */
export function forumPostStore(store: EventStore) {
  const recent = new RecentPosts();

  async function read(postId: string): Promise<KnownPost> {
    const loaded = await loadStream(store, forumPostStream(postId), { codec: ForumPostEventCodec, evolve: evolveForumPost, initialState: initialForumPost });
    recent.keep(postId, loaded);
    return { ...loaded, remembered: false };
  }

  return {
    /** The post as this process last saw it, or as read now. */
    async latest(postId: string): Promise<KnownPost> {
      const remembered = recent.get(postId);
      return remembered ? { ...remembered, remembered: true } : read(postId);
    },

    /**
     * Decide, append with the expected revision; on a conflict read again and decide
     * again (the command may no longer apply, e.g. the post was hidden meanwhile). A
     * rejection becomes its HTTP error. Null when the decision appended nothing.
     */
    async handle(
      postId: string,
      command: ForumPostCommand,
      context: CommandContext,
      /** The stream as the caller knows it (a new post's stream is empty); read when omitted. */
      known?: KnownPost,
    ): Promise<AppendResult | null> {
      for (let attempt = 1; ; attempt += 1) {
        const { state, expectedRevision, remembered } = attempt === 1 && known ? known : await read(postId);
        const decision = decideForumPost(command, state);
        // Only an append is checked against the stream: a refusal or a no-op is decided on what the stream holds now.
        if (remembered && (!decision.ok || decision.events.length === 0)) continue;
        if (!decision.ok) throw REJECTION_STATUS[decision.reason]();
        try {
          const appended = await appendEvents(store, forumPostStream(postId), decision.events, context, expectedRevision);
          if (appended) recent.keep(postId, { state: decision.events.reduce(evolveForumPost, state), expectedRevision: appended.nextRevision });
          return appended;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (attempt >= MAX_ATTEMPTS) throw conflict('The post changed too often while saving; please try again');
          // Jitter spreads the writers that just collided, so the next round has fewer of them.
          await sleep(Math.random() * Math.min(50, 2 * attempt));
        }
      }
    },
  };
}

/** A new post's stream: known to be empty, no read needed. */
export const newPost: KnownPost = { state: initialForumPost, expectedRevision: 'no_stream', remembered: false };
