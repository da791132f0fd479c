import type { ForumPostEvent } from '@reflections/contracts/forum';
import { decideForumPost, evolveForumPost, type ForumPostCommand, initialForumPost } from './forum-post-decider';

const now = '2026-11-23T00:00:00.000Z';
const created: ForumPostEvent = {
  type: 'PostCreated',
  data: { postId: 'p1', board: 'campfire', categoryId: 1, category: 'inner-reflection', title: 'Title here', content: 'Content long enough here.', isAnonymous: true, authorId: 'u1', createdAt: now },
};
const reply: ForumPostEvent = { type: 'ReplyAdded', data: { postId: 'p1', replyId: 'r1', content: 'A reply here', isAnonymous: false, authorId: 'u2', createdAt: now } };
const hidden: ForumPostEvent = { type: 'PostHidden', data: { postId: 'p1', adminId: 'a1', at: now, reason: '' } };

const given = (...events: ForumPostEvent[]) => events.reduce(evolveForumPost, initialForumPost);
const admin = { adminId: 'a1', now, reason: '' };
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
    expect(when({ type: 'PinPost', ...admin }, created)).toEqual({ ok: true, events: [{ type: 'PostPinned', data: { postId: 'p1', adminId: 'a1', at: now, reason: '' } }] });
    expect(when({ type: 'PinPost', ...admin }, created, { type: 'PostPinned', data: { postId: 'p1', adminId: 'a1', at: now, reason: '' } })).toEqual({ ok: true, events: [] });
    expect(when({ type: 'UnpinPost', ...admin }, created)).toEqual({ ok: true, events: [] });
    expect(when({ type: 'HidePost', ...admin }, created, hidden)).toEqual({ ok: true, events: [] });
    expect(when({ type: 'RestorePost', ...admin }, created, hidden)).toEqual({ ok: true, events: [{ type: 'PostRestored', data: { postId: 'p1', adminId: 'a1', at: now, reason: '' } }] });
  });

  it('hides only a reply the post has, and reports only visible content', () => {
    expect(when({ type: 'HideReply', replyId: 'nope', ...admin }, created)).toEqual({ ok: false, reason: 'ReplyNotFound' });
    expect(when({ type: 'HideReply', replyId: 'r1', ...admin }, created, reply)).toEqual({
      ok: true,
      events: [{ type: 'ReplyHidden', data: { postId: 'p1', replyId: 'r1', adminId: 'a1', at: now, reason: '' } }],
    });
    const report: ForumPostCommand = { type: 'ReportContent', reportId: 'x', replyId: 'r1', reason: 'spam', reporterId: 'u3', now };
    expect(when(report, created, reply).ok).toBe(true);
    expect(when(report, created, reply, { type: 'ReplyHidden', data: { postId: 'p1', replyId: 'r1', adminId: 'a1', at: now, reason: '' } })).toEqual({ ok: false, reason: 'ReplyNotFound' });
    expect(when({ ...report, replyId: null }, created, hidden)).toEqual({ ok: false, reason: 'PostNotFound' });
  });

  it('knows every reply of a long thread, and which of them are hidden', () => {
    const replies: ForumPostEvent[] = Array.from({ length: 5_000 }, (_, i) => ({ type: 'ReplyAdded', data: { ...reply.data, replyId: `r${i}` } }) as ForumPostEvent);
    const hideFirst: ForumPostEvent = { type: 'ReplyHidden', data: { postId: 'p1', replyId: 'r0', adminId: 'a1', at: now, reason: '' } };
    const restoreFirst: ForumPostEvent = { type: 'ReplyRestored', data: { postId: 'p1', replyId: 'r0', adminId: 'a1', at: now, reason: '' } };
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
    expect(dismissed).toEqual({ ok: true, events: [{ type: 'ReportDismissed', data: { postId: 'p1', reportId: 'x', adminId: 'a1', at: now, reason: '' } }] });
    expect(when(dismiss, created, reported, ...(dismissed.ok ? dismissed.events : []))).toEqual({ ok: true, events: [] });
  });

  describe('moderation that scales (issue 26)', () => {
    const report = (reporterId: string, reportId = `report-${reporterId}`, replyId: string | null = null): ForumPostCommand => ({ type: 'ReportContent', reportId, replyId, reason: 'Not kind', reporterId, now });
    const reported = (reporterId: string, replyId: string | null = null): ForumPostEvent => ({
      type: 'ContentReported',
      data: { reportId: `report-${reporterId}`, postId: 'p1', replyId, reason: 'Not kind', reporterId, reportedAt: now },
    });
    const held: ForumPostEvent = { type: 'PostHeldForReview', data: { postId: 'p1', reporterCount: 3, at: now } };

    it("appends nothing for a member's second report of the same post or reply, under a new report id", () => {
      expect(when(report('u3', 'again'), created, reported('u3'))).toEqual({ ok: true, events: [] });
      expect(when(report('u3', 'again', 'r1'), created, reply, reported('u3', 'r1'))).toEqual({ ok: true, events: [] });
      expect(when(report('u3', 'again', 'r1'), created, reply, reported('u3'))).toMatchObject({ ok: true, events: [{ type: 'ContentReported' }] });
    });

    it('holds the post for review at the third different member, not at a repeated one', () => {
      expect(when(report('u5'), created, reported('u3'), reported('u4'))).toEqual({ ok: true, events: [reported('u5'), held] });
      expect(when(report('u4', 'again'), created, reported('u3'), reported('u4'))).toEqual({ ok: true, events: [] });
      expect(when(report('u5', 'x', 'r1'), created, reply, reported('u3'), reported('u4'))).toEqual({ ok: true, events: [reported('u5', 'r1')].map((e) => ({ ...e, data: { ...e.data, reportId: 'x' } })) });
    });

    it('a held post takes no replies or reports; a moderator restores it and the count starts again', () => {
      const given3 = [created, reported('u3'), reported('u4'), reported('u5'), held];
      expect(when({ type: 'AddReply', replyId: 'r2', content: 'A reply here', isAnonymous: false, authorId: 'u2', now }, ...given3)).toEqual({ ok: false, reason: 'PostNotFound' });
      const restored: ForumPostEvent = { type: 'PostRestored', data: { postId: 'p1', adminId: 'a1', at: now, reason: 'Read it: a hard story, not abuse' } };
      expect(when({ type: 'RestorePost', ...admin, reason: 'Read it: a hard story, not abuse' }, ...given3)).toEqual({ ok: true, events: [restored] });
      expect(when(report('u6'), ...given3, restored)).toEqual({ ok: true, events: [reported('u6')] });
    });

    it("records a moderator's hide of a held post, with who and why", () => {
      expect(when({ type: 'HidePost', ...admin, reason: 'Abusive' }, created, reported('u3'), reported('u4'), reported('u5'), held)).toEqual({
        ok: true,
        events: [{ type: 'PostHidden', data: { postId: 'p1', adminId: 'a1', at: now, reason: 'Abusive' } }],
      });
    });
  });

  describe("a member's own edits and deletions (issue 26)", () => {
    const edit = (requesterId: string, title = 'A better title', content = 'Content long enough, said better.'): ForumPostCommand => ({ type: 'EditPost', title, content, requesterId, now });
    const deleted: ForumPostEvent = { type: 'PostDeleted', data: { postId: 'p1', authorId: 'u1', at: now } };

    it('edits a post for its author only, and not once it is deleted or hidden', () => {
      expect(when(edit('u1'), created)).toEqual({ ok: true, events: [{ type: 'PostEdited', data: { postId: 'p1', title: 'A better title', content: 'Content long enough, said better.', authorId: 'u1', at: now } }] });
      expect(when(edit('u2'), created)).toEqual({ ok: false, reason: 'NotAuthor' });
      expect(when(edit('u1'), created, deleted)).toEqual({ ok: false, reason: 'PostNotFound' });
      expect(when(edit('u1'), created, hidden)).toEqual({ ok: false, reason: 'PostNotFound' });
      const edited: ForumPostEvent = { type: 'PostEdited', data: { postId: 'p1', title: 'A better title', content: 'Content long enough, said better.', authorId: 'u1', at: now } };
      expect(when({ type: 'AddReply', replyId: 'r2', content: 'A reply here', isAnonymous: false, authorId: 'u2', now }, created, edited).ok).toBe(true);
    });

    it('deletes a post once, for its author only, and takes no replies after', () => {
      expect(when({ type: 'DeletePost', requesterId: 'u1', now }, created, reply)).toEqual({ ok: true, events: [deleted] });
      expect(when({ type: 'DeletePost', requesterId: 'u2', now }, created)).toEqual({ ok: false, reason: 'NotAuthor' });
      expect(when({ type: 'DeletePost', requesterId: 'u1', now }, created, deleted)).toEqual({ ok: true, events: [] });
      expect(when({ type: 'AddReply', replyId: 'r2', content: 'A reply here', isAnonymous: false, authorId: 'u2', now }, created, deleted)).toEqual({ ok: false, reason: 'PostNotFound' });
    });

    it("edits and deletes a reply for the reply's author only", () => {
      const replyEdit: ForumPostCommand = { type: 'EditReply', replyId: 'r1', content: 'A kinder reply', requesterId: 'u2', now };
      const replyDeleted: ForumPostEvent = { type: 'ReplyDeleted', data: { postId: 'p1', replyId: 'r1', authorId: 'u2', at: now } };
      expect(when(replyEdit, created, reply)).toEqual({ ok: true, events: [{ type: 'ReplyEdited', data: { postId: 'p1', replyId: 'r1', content: 'A kinder reply', authorId: 'u2', at: now } }] });
      expect(when({ ...replyEdit, requesterId: 'u1' }, created, reply)).toEqual({ ok: false, reason: 'NotAuthor' });
      expect(when({ ...replyEdit, replyId: 'nope' }, created, reply)).toEqual({ ok: false, reason: 'ReplyNotFound' });
      expect(when({ type: 'DeleteReply', replyId: 'r1', requesterId: 'u2', now }, created, reply)).toEqual({ ok: true, events: [replyDeleted] });
      expect(when({ type: 'DeleteReply', replyId: 'r1', requesterId: 'u2', now }, created, reply, replyDeleted)).toEqual({ ok: true, events: [] });
      expect(when(replyEdit, created, reply, replyDeleted)).toEqual({ ok: false, reason: 'ReplyNotFound' });
      expect(when({ type: 'ReportContent', reportId: 'x', replyId: 'r1', reason: 'spam', reporterId: 'u3', now }, created, reply, replyDeleted)).toEqual({ ok: false, reason: 'ReplyNotFound' });
    });
  });

  describe('support reactions (issue 26)', () => {
    const react = (kind: 'hear-you' | 'been-there' | 'strength', replyId: string | null = null): ForumPostCommand => ({ type: 'React', replyId, kind, memberId: 'u3', isAnonymous: false, now });
    const given = (kind: 'hear-you' | 'been-there' | 'strength', replyId: string | null = null): ForumPostEvent => ({ type: 'ReactionGiven', data: { postId: 'p1', replyId, kind, memberId: 'u3', at: now, isAnonymous: false } });

    it('gives each kind once per member per post or reply', () => {
      expect(when(react('strength'), created)).toEqual({ ok: true, events: [given('strength')] });
      expect(when(react('strength'), created, given('strength'))).toEqual({ ok: true, events: [] });
      expect(when(react('hear-you'), created, given('strength'))).toEqual({ ok: true, events: [given('hear-you')] });
      expect(when(react('strength', 'r1'), created, reply, given('strength'))).toEqual({ ok: true, events: [given('strength', 'r1')] });
    });

    it('withdraws a reaction that stands, and none that does not', () => {
      const withdraw: ForumPostCommand = { type: 'Unreact', replyId: null, kind: 'strength', memberId: 'u3', now };
      expect(when(withdraw, created, given('strength'))).toEqual({ ok: true, events: [{ type: 'ReactionWithdrawn', data: { postId: 'p1', replyId: null, kind: 'strength', memberId: 'u3', at: now } }] });
      expect(when(withdraw, created)).toEqual({ ok: true, events: [] });
    });

    it('takes no reaction on hidden content or an unknown reply', () => {
      expect(when(react('strength'), created, hidden)).toEqual({ ok: false, reason: 'PostNotFound' });
      expect(when(react('strength', 'nope'), created)).toEqual({ ok: false, reason: 'ReplyNotFound' });
    });
  });
});
