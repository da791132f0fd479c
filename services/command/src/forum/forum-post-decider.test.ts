import type { ForumPostEvent } from '@reflections/contracts/forum';
import { decideForumPost, evolveForumPost, type ForumPostCommand, initialForumPost } from './forum-post-decider';

const now = '2026-11-23T00:00:00.000Z';
const created: ForumPostEvent = {
  type: 'PostCreated',
  data: { postId: 'p1', board: 'campfire', categoryId: 1, category: 'inner-reflection', title: 'Title here', content: 'Content long enough here.', isAnonymous: true, authorId: 'u1', createdAt: now },
};
const reply: ForumPostEvent = { type: 'ReplyAdded', data: { postId: 'p1', replyId: 'r1', content: 'A reply here', isAnonymous: false, authorId: 'u2', createdAt: now } };
const hidden: ForumPostEvent = { type: 'PostHidden', data: { postId: 'p1', adminId: 'a1', at: now } };

const given = (...events: ForumPostEvent[]) => events.reduce(evolveForumPost, initialForumPost);
const admin = { adminId: 'a1', now };
const when = (command: ForumPostCommand, ...events: ForumPostEvent[]) => decideForumPost(command, given(...events));

describe('forum post decider', () => {
  it('creates a post once', () => {
    const { createdAt: _createdAt, ...data } = created.data as Extract<ForumPostEvent, { type: 'PostCreated' }>['data'];
    const command: ForumPostCommand = { type: 'CreatePost', ...data, now };
    expect(when(command)).toEqual({ ok: true, events: [created] });
    expect(when(command, created)).toEqual({ ok: false, reason: 'PostExists' });
  });

  it('adds a reply to a visible post, refuses one to an unknown or hidden post', () => {
    const command: ForumPostCommand = { type: 'AddReply', replyId: 'r1', content: 'A reply here', isAnonymous: false, authorId: 'u2', now };
    expect(when(command, created)).toEqual({ ok: true, events: [reply] });
    expect(when(command)).toEqual({ ok: false, reason: 'PostNotFound' });
    expect(when(command, created, hidden)).toEqual({ ok: false, reason: 'PostNotFound' });
  });

  it('pins, hides and restores idempotently', () => {
    expect(when({ type: 'PinPost', ...admin }, created)).toEqual({ ok: true, events: [{ type: 'PostPinned', data: { postId: 'p1', adminId: 'a1', at: now } }] });
    expect(when({ type: 'PinPost', ...admin }, created, { type: 'PostPinned', data: { postId: 'p1', adminId: 'a1', at: now } })).toEqual({ ok: true, events: [] });
    expect(when({ type: 'UnpinPost', ...admin }, created)).toEqual({ ok: true, events: [] });
    expect(when({ type: 'HidePost', ...admin }, created, hidden)).toEqual({ ok: true, events: [] });
    expect(when({ type: 'RestorePost', ...admin }, created, hidden)).toEqual({ ok: true, events: [{ type: 'PostRestored', data: { postId: 'p1', adminId: 'a1', at: now } }] });
  });

  it('hides only a reply the post has, and reports only visible content', () => {
    expect(when({ type: 'HideReply', replyId: 'nope', ...admin }, created)).toEqual({ ok: false, reason: 'ReplyNotFound' });
    expect(when({ type: 'HideReply', replyId: 'r1', ...admin }, created, reply)).toEqual({
      ok: true,
      events: [{ type: 'ReplyHidden', data: { postId: 'p1', replyId: 'r1', adminId: 'a1', at: now } }],
    });
    const report: ForumPostCommand = { type: 'ReportContent', reportId: 'x', replyId: 'r1', reason: 'spam', reporterId: 'u3', now };
    expect(when(report, created, reply).ok).toBe(true);
    expect(when(report, created, reply, { type: 'ReplyHidden', data: { postId: 'p1', replyId: 'r1', adminId: 'a1', at: now } })).toEqual({ ok: false, reason: 'ReplyNotFound' });
    expect(when({ ...report, replyId: null }, created, hidden)).toEqual({ ok: false, reason: 'PostNotFound' });
  });

  it('knows every reply of a long thread, and which of them are hidden', () => {
    const replies: ForumPostEvent[] = Array.from({ length: 5_000 }, (_, i) => ({ type: 'ReplyAdded', data: { ...reply.data, replyId: `r${i}` } }) as ForumPostEvent);
    const hideFirst: ForumPostEvent = { type: 'ReplyHidden', data: { postId: 'p1', replyId: 'r0', adminId: 'a1', at: now } };
    const restoreFirst: ForumPostEvent = { type: 'ReplyRestored', data: { postId: 'p1', replyId: 'r0', adminId: 'a1', at: now } };
    expect(when({ type: 'HideReply', replyId: 'r4999', ...admin }, created, ...replies).ok).toBe(true);
    expect(when({ type: 'RestoreReply', replyId: 'r0', ...admin }, created, ...replies, hideFirst)).toEqual({ ok: true, events: [restoreFirst] });
    expect(when({ type: 'RestoreReply', replyId: 'r0', ...admin }, created, ...replies, hideFirst, restoreFirst)).toEqual({ ok: true, events: [] });
    expect(when({ type: 'HideReply', replyId: 'r5000', ...admin }, created, ...replies)).toEqual({ ok: false, reason: 'ReplyNotFound' });
  });

  it('dismisses an open report once', () => {
    const reported: ForumPostEvent = { type: 'ContentReported', data: { reportId: 'x', postId: 'p1', replyId: null, reason: 'spam', reporterId: 'u3', reportedAt: now } };
    const dismiss: ForumPostCommand = { type: 'DismissReport', reportId: 'x', ...admin };
    expect(when(dismiss, created)).toEqual({ ok: false, reason: 'ReportNotFound' });
    const dismissed = when(dismiss, created, reported);
    expect(dismissed).toEqual({ ok: true, events: [{ type: 'ReportDismissed', data: { postId: 'p1', reportId: 'x', adminId: 'a1', at: now } }] });
    expect(when(dismiss, created, reported, ...(dismissed.ok ? dismissed.events : []))).toEqual({ ok: true, events: [] });
  });
});
