import type * as t from 'io-ts';
import { type ForumBoard, ForumPostEvent, REPORTS_TO_HOLD } from '@reflections/contracts/forum';
import { accept, type Decider, type Decision, type Rejection, reject } from '@reflections/platform/command/decider';
import type { ReactionKind } from '@reflections/contracts/forum-reactions';

/** What a post's stream must remember to decide the next command. */
export type ForumPost = {
  readonly exists: boolean;
  readonly postId: string;
  readonly board: ForumBoard;
  readonly authorId: string;
  readonly isPinned: boolean;
  readonly isHidden: boolean;
  /** Deleted by its author: no edits, replies or reports any more. */
  readonly isDeleted: boolean;
  /** Hidden by members' reports, not by a moderator: a moderator's hide or restore ends it. */
  readonly heldForReview: boolean;
  /** Every reply's id, newest first: a reply is one new link, whatever the number before it. */
  readonly replyIds: ReplyIds;
  /** The hidden replies: they change only by moderation, and rarely. */
  readonly hiddenReplies: Readonly<Record<string, true>>;
  /** The replies their authors deleted. */
  readonly deletedReplies: Readonly<Record<string, true>>;
  /** reportId → still open? */
  readonly openReports: Readonly<Record<string, boolean>>;
  /** `<replyId or 'post'>:<reporterId>` → the report: one per member per item. */
  readonly reportOf: Readonly<Record<string, string>>;
  /** The members who reported the post itself since a moderator last hid or restored it. */
  readonly postReporters: readonly string[];
  /** `<replyId or 'post'>:<kind>:<memberId>` of every reaction standing: one of each kind per member per item. */
  readonly reactions: Readonly<Record<string, true>>;
};

const reactionKey = (replyId: string | null, kind: string, memberId: string) =>
  `${replyId ?? 'post'}:${kind}:${memberId}`;

const reportKey = (replyId: string | null, reporterId: string) => `${replyId ?? 'post'}:${reporterId}`;

/** The report this member already made on this item, if any: a second report appends nothing and answers the first. */
export const existingReport = (state: ForumPost, replyId: string | null, reporterId: string): string | null =>
  state.reportOf[reportKey(replyId, reporterId)] ?? null;

/** Each reply's id and author (not its words: a process keeps thousands of posts in memory). */
type ReplyIds = { readonly id: string; readonly authorId: string; readonly earlier: ReplyIds } | null;

/** Walks the replies: only moderation, reports and edits of a reply ask, so adding one stays cheap on posts with thousands. */
function findReply(state: ForumPost, replyId: string): { authorId: string } | null {
  for (let link = state.replyIds; link; link = link.earlier) if (link.id === replyId) return link;
  return null;
}
const hasReply = (state: ForumPost, replyId: string) => findReply(state, replyId) !== null;

export const initialForumPost: ForumPost = {
  exists: false,
  postId: '',
  board: 'campfire',
  authorId: '',
  isPinned: false,
  isHidden: false,
  isDeleted: false,
  heldForReview: false,
  replyIds: null,
  hiddenReplies: {},
  deletedReplies: {},
  openReports: {},
  reportOf: {},
  postReporters: [],
  reactions: {},
};

export function evolveForumPost(state: ForumPost, event: ForumPostEvent): ForumPost {
  switch (event.type) {
    case 'PostCreated':
      return {
        ...state,
        exists: true,
        postId: event.data.postId,
        board: event.data.board,
        authorId: event.data.authorId,
      };
    case 'ReplyAdded':
      return { ...state, replyIds: { id: event.data.replyId, authorId: event.data.authorId, earlier: state.replyIds } };
    case 'PostDeleted':
      return { ...state, isDeleted: true };
    case 'PostEdited':
    case 'ReplyEdited':
      // The words are the read model's: a process keeps thousands of posts' states in memory.
      return state;
    case 'ReactionGiven':
      return {
        ...state,
        reactions: {
          ...state.reactions,
          [reactionKey(event.data.replyId, event.data.kind, event.data.memberId)]: true,
        },
      };
    case 'ReactionWithdrawn': {
      const { [reactionKey(event.data.replyId, event.data.kind, event.data.memberId)]: _withdrawn, ...standing } =
        state.reactions;
      return { ...state, reactions: standing };
    }
    case 'ReplyDeleted':
      return { ...state, deletedReplies: { ...state.deletedReplies, [event.data.replyId]: true } };
    case 'PostPinned':
      return { ...state, isPinned: true };
    case 'PostUnpinned':
      return { ...state, isPinned: false };
    case 'PostHidden':
      return { ...state, isHidden: true, heldForReview: false, postReporters: [] };
    case 'PostRestored':
      return { ...state, isHidden: false, heldForReview: false, postReporters: [] };
    case 'PostHeldForReview':
      return { ...state, isHidden: true, heldForReview: true };
    case 'ReplyHidden':
      return { ...state, hiddenReplies: { ...state.hiddenReplies, [event.data.replyId]: true } };
    case 'ReplyRestored': {
      const { [event.data.replyId]: _restored, ...stillHidden } = state.hiddenReplies;
      return { ...state, hiddenReplies: stillHidden };
    }
    case 'ContentReported': {
      const { reportId, replyId, reporterId } = event.data;
      const reporters =
        replyId === null && !state.postReporters.includes(reporterId)
          ? [...state.postReporters, reporterId]
          : state.postReporters;
      return {
        ...state,
        openReports: { ...state.openReports, [reportId]: true },
        reportOf: { ...state.reportOf, [reportKey(replyId, reporterId)]: reportId },
        postReporters: reporters,
      };
    }
    case 'ReportDismissed':
      return { ...state, openReports: { ...state.openReports, [event.data.reportId]: false } };
  }
}

type Admin = { adminId: string; now: string; reason: string };
export type ForumPostCommand =
  | {
      type: 'CreatePost';
      postId: string;
      board: ForumBoard;
      categoryId: number;
      category: string;
      title: string;
      content: string;
      isAnonymous: boolean;
      authorId: string;
      now: string;
    }
  | { type: 'AddReply'; replyId: string; content: string; isAnonymous: boolean; authorId: string; now: string }
  | { type: 'ReportContent'; reportId: string; replyId: string | null; reason: string; reporterId: string; now: string }
  | ({ type: 'PinPost' | 'UnpinPost' | 'HidePost' | 'RestorePost' } & Admin)
  | ({ type: 'HideReply' | 'RestoreReply'; replyId: string } & Admin)
  | ({ type: 'DismissReport'; reportId: string } & Admin)
  | { type: 'EditPost'; title: string; content: string; requesterId: string; now: string }
  | { type: 'DeletePost'; requesterId: string; now: string }
  | { type: 'EditReply'; replyId: string; content: string; requesterId: string; now: string }
  | { type: 'DeleteReply'; replyId: string; requesterId: string; now: string }
  | { type: 'React'; replyId: string | null; kind: ReactionKind; memberId: string; isAnonymous: boolean; now: string }
  | { type: 'Unreact'; replyId: string | null; kind: ReactionKind; memberId: string; now: string };

export type ForumRejection = 'PostExists' | 'PostNotFound' | 'ReplyNotFound' | 'ReportNotFound' | 'NotAuthor';

/** A reply members can still see and act on: there, not hidden, not deleted. */
const isReplyOpen = (state: ForumPost, replyId: string) =>
  hasReply(state, replyId) && !state.hiddenReplies[replyId] && !state.deletedReplies[replyId];

/** Who, when and why, on every moderator's event. */
const byAdmin = (postId: string, command: Admin) => ({
  postId,
  adminId: command.adminId,
  at: command.now,
  reason: command.reason,
});

/**
 * Members see neither hidden posts nor hidden replies, so they cannot reply to or report
 * them; admins act on them whatever their state. Pin, hide and restore are idempotent:
 * asking for the state a post is already in appends nothing, and so is a member's second
 * report of the same item. The REPORTS_TO_HOLD-th member to report a post hides it until a
 * moderator looks; a moderator's hide or restore starts the count again.
 */
export function decideForumPost(
  command: ForumPostCommand,
  state: ForumPost,
): Decision<ForumPostEvent, Rejection<ForumRejection>> {
  if (command.type === 'CreatePost') {
    if (state.exists) return reject('PostExists');
    // Field by field: a rest copy of the command is a runtime call, about 1% of a post's request thread.
    const { postId, board, categoryId, category, title, content, isAnonymous, authorId, now } = command;
    return accept({
      type: 'PostCreated',
      data: { postId, board, categoryId, category, title, content, isAnonymous, authorId, createdAt: now },
    });
  }
  if (!state.exists) return reject('PostNotFound');
  const { postId } = state;
  // A deleted post takes nothing more from members; moderators may still act on it.
  const closed = state.isHidden || state.isDeleted;
  switch (command.type) {
    case 'AddReply':
      if (closed) return reject('PostNotFound');
      return accept({
        type: 'ReplyAdded',
        data: {
          postId,
          replyId: command.replyId,
          content: command.content,
          isAnonymous: command.isAnonymous,
          authorId: command.authorId,
          createdAt: command.now,
        },
      });
    case 'ReportContent': {
      if (closed) return reject('PostNotFound');
      if (command.replyId !== null && !isReplyOpen(state, command.replyId)) return reject('ReplyNotFound');
      if (existingReport(state, command.replyId, command.reporterId)) return accept();
      const reported: ForumPostEvent = {
        type: 'ContentReported',
        data: {
          reportId: command.reportId,
          postId,
          replyId: command.replyId,
          reason: command.reason,
          reporterId: command.reporterId,
          reportedAt: command.now,
        },
      };
      const reporters = evolveForumPost(state, reported).postReporters.length;
      if (command.replyId !== null || reporters < REPORTS_TO_HOLD) return accept(reported);
      return accept<ForumPostEvent>(reported, {
        type: 'PostHeldForReview',
        data: { postId, reporterCount: reporters, at: command.now },
      });
    }
    case 'PinPost':
      return state.isPinned ? accept() : accept({ type: 'PostPinned', data: byAdmin(postId, command) });
    case 'UnpinPost':
      return state.isPinned ? accept({ type: 'PostUnpinned', data: byAdmin(postId, command) }) : accept();
    case 'HidePost':
      // A post held by reports is hidden already; the moderator's hide is still his decision, recorded.
      return state.isHidden && !state.heldForReview
        ? accept()
        : accept({ type: 'PostHidden', data: byAdmin(postId, command) });
    case 'RestorePost':
      return state.isHidden ? accept({ type: 'PostRestored', data: byAdmin(postId, command) }) : accept();
    case 'HideReply':
    case 'RestoreReply': {
      if (!hasReply(state, command.replyId)) return reject('ReplyNotFound');
      const hidden = state.hiddenReplies[command.replyId] === true;
      const data = { ...byAdmin(postId, command), replyId: command.replyId };
      if (command.type === 'HideReply') return hidden ? accept() : accept({ type: 'ReplyHidden', data });
      return hidden ? accept({ type: 'ReplyRestored', data }) : accept();
    }
    case 'EditPost': {
      if (closed) return reject('PostNotFound');
      if (command.requesterId !== state.authorId) return reject('NotAuthor');
      return accept({
        type: 'PostEdited',
        data: {
          postId,
          title: command.title,
          content: command.content,
          authorId: command.requesterId,
          at: command.now,
        },
      });
    }
    case 'DeletePost':
      if (state.isHidden) return reject('PostNotFound');
      if (command.requesterId !== state.authorId) return reject('NotAuthor');
      return state.isDeleted
        ? accept()
        : accept({ type: 'PostDeleted', data: { postId, authorId: command.requesterId, at: command.now } });
    case 'EditReply':
    case 'DeleteReply': {
      if (state.isHidden) return reject('PostNotFound');
      const reply = findReply(state, command.replyId);
      if (!reply || state.hiddenReplies[command.replyId]) return reject('ReplyNotFound');
      if (command.requesterId !== reply.authorId) return reject('NotAuthor');
      const data = { postId, replyId: command.replyId, authorId: command.requesterId, at: command.now };
      if (command.type === 'DeleteReply')
        return state.deletedReplies[command.replyId] ? accept() : accept({ type: 'ReplyDeleted', data });
      if (state.deletedReplies[command.replyId]) return reject('ReplyNotFound');
      return accept({ type: 'ReplyEdited', data: { ...data, content: command.content } });
    }
    case 'React':
    case 'Unreact': {
      if (closed) return reject('PostNotFound');
      if (command.replyId !== null && !isReplyOpen(state, command.replyId)) return reject('ReplyNotFound');
      const given = state.reactions[reactionKey(command.replyId, command.kind, command.memberId)] === true;
      const data = {
        postId,
        replyId: command.replyId,
        kind: command.kind,
        memberId: command.memberId,
        at: command.now,
      };
      if (command.type === 'React')
        return given
          ? accept()
          : accept({ type: 'ReactionGiven', data: { ...data, isAnonymous: command.isAnonymous } });
      return given ? accept({ type: 'ReactionWithdrawn', data }) : accept();
    }
    case 'DismissReport':
      if (state.openReports[command.reportId] === undefined) return reject('ReportNotFound');
      return state.openReports[command.reportId]
        ? accept({ type: 'ReportDismissed', data: { ...byAdmin(postId, command), reportId: command.reportId } })
        : accept();
  }
}

export const forumPostDecider: Decider<ForumPost, ForumPostCommand, ForumPostEvent, Rejection<ForumRejection>> = {
  codec: ForumPostEvent as unknown as t.Type<ForumPostEvent, unknown, unknown>,
  initialState: initialForumPost,
  evolve: evolveForumPost,
  decide: decideForumPost,
};
