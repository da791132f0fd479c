import type { ForumBoard, ForumPostEvent } from '@reflections/contracts/forum';

/** What a post's stream must remember to decide the next command. */
export type ForumPost = {
  readonly exists: boolean;
  readonly postId: string;
  readonly board: ForumBoard;
  readonly authorId: string;
  readonly isPinned: boolean;
  readonly isHidden: boolean;
  /** Every reply's id, newest first: a reply is one new link, whatever the number before it. */
  readonly replyIds: ReplyIds;
  /** The hidden replies: they change only by moderation, and rarely. */
  readonly hiddenReplies: Readonly<Record<string, true>>;
  /** reportId → still open? */
  readonly openReports: Readonly<Record<string, boolean>>;
};

type ReplyIds = { readonly id: string; readonly earlier: ReplyIds } | null;

/** Walks the replies: only moderation and reports on a reply ask, so adding one stays cheap on posts with thousands. */
function hasReply(state: ForumPost, replyId: string): boolean {
  for (let link = state.replyIds; link; link = link.earlier) if (link.id === replyId) return true;
  return false;
}

export const initialForumPost: ForumPost = { exists: false, postId: '', board: 'campfire', authorId: '', isPinned: false, isHidden: false, replyIds: null, hiddenReplies: {}, openReports: {} };

export function evolveForumPost(state: ForumPost, event: ForumPostEvent): ForumPost {
  switch (event.type) {
    case 'PostCreated':
      return { ...state, exists: true, postId: event.data.postId, board: event.data.board, authorId: event.data.authorId };
    case 'ReplyAdded':
      return { ...state, replyIds: { id: event.data.replyId, earlier: state.replyIds } };
    case 'PostPinned':
      return { ...state, isPinned: true };
    case 'PostUnpinned':
      return { ...state, isPinned: false };
    case 'PostHidden':
      return { ...state, isHidden: true };
    case 'PostRestored':
      return { ...state, isHidden: false };
    case 'ReplyHidden':
      return { ...state, hiddenReplies: { ...state.hiddenReplies, [event.data.replyId]: true } };
    case 'ReplyRestored': {
      const { [event.data.replyId]: _restored, ...stillHidden } = state.hiddenReplies;
      return { ...state, hiddenReplies: stillHidden };
    }
    case 'ContentReported':
      return { ...state, openReports: { ...state.openReports, [event.data.reportId]: true } };
    case 'ReportDismissed':
      return { ...state, openReports: { ...state.openReports, [event.data.reportId]: false } };
  }
}

type Admin = { adminId: string; now: string };
export type ForumPostCommand =
  | { type: 'CreatePost'; postId: string; board: ForumBoard; categoryId: number; category: string; title: string; content: string; isAnonymous: boolean; authorId: string; now: string }
  | { type: 'AddReply'; replyId: string; content: string; isAnonymous: boolean; authorId: string; now: string }
  | { type: 'ReportContent'; reportId: string; replyId: string | null; reason: string; reporterId: string; now: string }
  | ({ type: 'PinPost' | 'UnpinPost' | 'HidePost' | 'RestorePost' } & Admin)
  | ({ type: 'HideReply' | 'RestoreReply'; replyId: string } & Admin)
  | ({ type: 'DismissReport'; reportId: string } & Admin);

export type ForumRejection = 'PostExists' | 'PostNotFound' | 'ReplyNotFound' | 'ReportNotFound';
export type ForumDecision = { ok: true; events: ForumPostEvent[] } | { ok: false; reason: ForumRejection };

const accept = (...events: ForumPostEvent[]): ForumDecision => ({ ok: true, events });
const reject = (reason: ForumRejection): ForumDecision => ({ ok: false, reason });

/**
 * Members see neither hidden posts nor hidden replies, so they cannot reply to or report
 * them; admins act on them whatever their state. Pin, hide and restore are idempotent:
 * asking for the state a post is already in appends nothing.
 */
export function decideForumPost(command: ForumPostCommand, state: ForumPost): ForumDecision {
  if (command.type === 'CreatePost') {
    if (state.exists) return reject('PostExists');
    const { type: _type, now, ...data } = command;
    return accept({ type: 'PostCreated', data: { ...data, createdAt: now } });
  }
  if (!state.exists) return reject('PostNotFound');
  const { postId } = state;
  switch (command.type) {
    case 'AddReply':
      if (state.isHidden) return reject('PostNotFound');
      return accept({
        type: 'ReplyAdded',
        data: { postId, replyId: command.replyId, content: command.content, isAnonymous: command.isAnonymous, authorId: command.authorId, createdAt: command.now },
      });
    case 'ReportContent':
      if (state.isHidden) return reject('PostNotFound');
      if (command.replyId !== null && (state.hiddenReplies[command.replyId] || !hasReply(state, command.replyId))) return reject('ReplyNotFound');
      return accept({
        type: 'ContentReported',
        data: { reportId: command.reportId, postId, replyId: command.replyId, reason: command.reason, reporterId: command.reporterId, reportedAt: command.now },
      });
    case 'PinPost':
      return state.isPinned ? accept() : accept({ type: 'PostPinned', data: { postId, adminId: command.adminId, at: command.now } });
    case 'UnpinPost':
      return state.isPinned ? accept({ type: 'PostUnpinned', data: { postId, adminId: command.adminId, at: command.now } }) : accept();
    case 'HidePost':
      return state.isHidden ? accept() : accept({ type: 'PostHidden', data: { postId, adminId: command.adminId, at: command.now } });
    case 'RestorePost':
      return state.isHidden ? accept({ type: 'PostRestored', data: { postId, adminId: command.adminId, at: command.now } }) : accept();
    case 'HideReply':
    case 'RestoreReply': {
      if (!hasReply(state, command.replyId)) return reject('ReplyNotFound');
      const hidden = state.hiddenReplies[command.replyId] === true;
      const data = { postId, replyId: command.replyId, adminId: command.adminId, at: command.now };
      if (command.type === 'HideReply') return hidden ? accept() : accept({ type: 'ReplyHidden', data });
      return hidden ? accept({ type: 'ReplyRestored', data }) : accept();
    }
    case 'DismissReport':
      if (state.openReports[command.reportId] === undefined) return reject('ReportNotFound');
      return state.openReports[command.reportId] ? accept({ type: 'ReportDismissed', data: { postId, reportId: command.reportId, adminId: command.adminId, at: command.now } }) : accept();
  }
}
