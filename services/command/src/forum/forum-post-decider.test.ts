import type { ForumPostEvent } from '@reflections/contracts/forum';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { type ForumPostCommand, forumPostDecider } from './forum-post-decider';

const now = '2026-11-23T00:00:00.000Z';
const created: ForumPostEvent = {
  type: 'PostCreated',
  data: {
    postId: 'p1',
    board: 'campfire',
    categoryId: 1,
    category: 'inner-reflection',
    title: 'Title here',
    content: 'Content long enough here.',
    isAnonymous: true,
    authorId: 'u1',
    createdAt: now,
  },
};
const reply: ForumPostEvent = {
  type: 'ReplyAdded',
  data: { postId: 'p1', replyId: 'r1', content: 'A reply here', isAnonymous: false, authorId: 'u2', createdAt: now },
};
const hidden: ForumPostEvent = { type: 'PostHidden', data: { postId: 'p1', adminId: 'a1', at: now, reason: '' } };

const admin = { adminId: 'a1', now, reason: '' };
const { given } = deciderSpecification(forumPostDecider);

describe('forum post decider', () => {
  it('creates a post once', () => {
    const { createdAt: _createdAt, ...data } = created.data as Extract<ForumPostEvent, { type: 'PostCreated' }>['data'];
    const command: ForumPostCommand = { type: 'CreatePost', ...data, now };
    given().when(command).then(created);
    given(created).when(command).thenRejects('PostExists');
  });

  it('adds a reply to a visible post, refuses one to an unknown or hidden post', () => {
    const command: ForumPostCommand = {
      type: 'AddReply',
      replyId: 'r1',
      content: 'A reply here',
      isAnonymous: false,
      authorId: 'u2',
      now,
    };
    given(created).when(command).then(reply);
    given().when(command).thenRejects('PostNotFound');
    given(created, hidden).when(command).thenRejects('PostNotFound');
  });

  it('pins, hides and restores idempotently', () => {
    given(created)
      .when({ type: 'PinPost', ...admin })
      .then({ type: 'PostPinned', data: { postId: 'p1', adminId: 'a1', at: now, reason: '' } });
    given(created, { type: 'PostPinned', data: { postId: 'p1', adminId: 'a1', at: now, reason: '' } })
      .when({ type: 'PinPost', ...admin })
      .then();
    given(created)
      .when({ type: 'UnpinPost', ...admin })
      .then();
    given(created, hidden)
      .when({ type: 'HidePost', ...admin })
      .then();
    given(created, hidden)
      .when({ type: 'RestorePost', ...admin })
      .then({ type: 'PostRestored', data: { postId: 'p1', adminId: 'a1', at: now, reason: '' } });
  });

  it('hides only a reply the post has, and reports only visible content', () => {
    given(created)
      .when({ type: 'HideReply', replyId: 'nope', ...admin })
      .thenRejects('ReplyNotFound');
    given(created, reply)
      .when({ type: 'HideReply', replyId: 'r1', ...admin })
      .then({ type: 'ReplyHidden', data: { postId: 'p1', replyId: 'r1', adminId: 'a1', at: now, reason: '' } });
    const report: ForumPostCommand = {
      type: 'ReportContent',
      reportId: 'x',
      replyId: 'r1',
      reason: 'spam',
      reporterId: 'u3',
      now,
    };
    given(created, reply).when(report).thenAccepts();
    given(created, reply, {
      type: 'ReplyHidden',
      data: { postId: 'p1', replyId: 'r1', adminId: 'a1', at: now, reason: '' },
    })
      .when(report)
      .thenRejects('ReplyNotFound');
    given(created, hidden)
      .when({ ...report, replyId: null })
      .thenRejects('PostNotFound');
  });

  it('knows every reply of a long thread, and which of them are hidden', () => {
    const replies: ForumPostEvent[] = Array.from(
      { length: 5_000 },
      (_, i) => ({ type: 'ReplyAdded', data: { ...reply.data, replyId: `r${i}` } }) as ForumPostEvent,
    );
    const hideFirst: ForumPostEvent = {
      type: 'ReplyHidden',
      data: { postId: 'p1', replyId: 'r0', adminId: 'a1', at: now, reason: '' },
    };
    const restoreFirst: ForumPostEvent = {
      type: 'ReplyRestored',
      data: { postId: 'p1', replyId: 'r0', adminId: 'a1', at: now, reason: '' },
    };
    given(created, ...replies)
      .when({ type: 'HideReply', replyId: 'r4999', ...admin })
      .thenAccepts();
    given(created, ...replies, hideFirst)
      .when({ type: 'RestoreReply', replyId: 'r0', ...admin })
      .then(restoreFirst);
    given(created, ...replies, hideFirst, restoreFirst)
      .when({ type: 'RestoreReply', replyId: 'r0', ...admin })
      .then();
    given(created, ...replies)
      .when({ type: 'HideReply', replyId: 'r5000', ...admin })
      .thenRejects('ReplyNotFound');
  });

  it('dismisses an open report once', () => {
    const reported: ForumPostEvent = {
      type: 'ContentReported',
      data: { reportId: 'x', postId: 'p1', replyId: null, reason: 'spam', reporterId: 'u3', reportedAt: now },
    };
    const dismiss: ForumPostCommand = { type: 'DismissReport', reportId: 'x', ...admin };
    given(created).when(dismiss).thenRejects('ReportNotFound');
    const dismissed: ForumPostEvent = {
      type: 'ReportDismissed',
      data: { postId: 'p1', reportId: 'x', adminId: 'a1', at: now, reason: '' },
    };
    given(created, reported).when(dismiss).then(dismissed);
    given(created, reported, dismissed).when(dismiss).then();
  });

  describe('moderation that scales (issue 26)', () => {
    const report = (
      reporterId: string,
      reportId = `report-${reporterId}`,
      replyId: string | null = null,
    ): ForumPostCommand => ({ type: 'ReportContent', reportId, replyId, reason: 'Not kind', reporterId, now });
    const reported = (
      reporterId: string,
      replyId: string | null = null,
      reportId = `report-${reporterId}`,
    ): ForumPostEvent => ({
      type: 'ContentReported',
      data: { reportId, postId: 'p1', replyId, reason: 'Not kind', reporterId, reportedAt: now },
    });
    const held: ForumPostEvent = { type: 'PostHeldForReview', data: { postId: 'p1', reporterCount: 3, at: now } };

    it("appends nothing for a member's second report of the same post or reply, under a new report id", () => {
      given(created, reported('u3')).when(report('u3', 'again')).then();
      given(created, reply, reported('u3', 'r1'))
        .when(report('u3', 'again', 'r1'))
        .then();
      given(created, reply, reported('u3'))
        .when(report('u3', 'again', 'r1'))
        .then(reported('u3', 'r1', 'again'));
    });

    it('holds the post for review at the third different member, not at a repeated one', () => {
      given(created, reported('u3'), reported('u4')).when(report('u5')).then(reported('u5'), held);
      given(created, reported('u3'), reported('u4')).when(report('u4', 'again')).then();
      given(created, reply, reported('u3'), reported('u4'))
        .when(report('u5', 'x', 'r1'))
        .then(reported('u5', 'r1', 'x'));
    });

    it('a held post takes no replies or reports; a moderator restores it and the count starts again', () => {
      const given3 = [created, reported('u3'), reported('u4'), reported('u5'), held];
      given(...given3)
        .when({ type: 'AddReply', replyId: 'r2', content: 'A reply here', isAnonymous: false, authorId: 'u2', now })
        .thenRejects('PostNotFound');
      const restored: ForumPostEvent = {
        type: 'PostRestored',
        data: { postId: 'p1', adminId: 'a1', at: now, reason: 'Read it: a hard story, not abuse' },
      };
      given(...given3)
        .when({ type: 'RestorePost', ...admin, reason: 'Read it: a hard story, not abuse' })
        .then(restored);
      given(...given3, restored)
        .when(report('u6'))
        .then(reported('u6'));
    });

    it("records a moderator's hide of a held post, with who and why", () => {
      given(created, reported('u3'), reported('u4'), reported('u5'), held)
        .when({ type: 'HidePost', ...admin, reason: 'Abusive' })
        .then({ type: 'PostHidden', data: { postId: 'p1', adminId: 'a1', at: now, reason: 'Abusive' } });
    });
  });

  describe("a member's own edits and deletions (issue 26)", () => {
    const edit = (
      requesterId: string,
      title = 'A better title',
      content = 'Content long enough, said better.',
    ): ForumPostCommand => ({ type: 'EditPost', title, content, requesterId, now });
    const deleted: ForumPostEvent = { type: 'PostDeleted', data: { postId: 'p1', authorId: 'u1', at: now } };

    it('edits a post for its author only, and not once it is deleted or hidden', () => {
      given(created)
        .when(edit('u1'))
        .then({
          type: 'PostEdited',
          data: {
            postId: 'p1',
            title: 'A better title',
            content: 'Content long enough, said better.',
            authorId: 'u1',
            at: now,
          },
        });
      given(created).when(edit('u2')).thenRejects('NotAuthor');
      given(created, deleted).when(edit('u1')).thenRejects('PostNotFound');
      given(created, hidden).when(edit('u1')).thenRejects('PostNotFound');
      const edited: ForumPostEvent = {
        type: 'PostEdited',
        data: {
          postId: 'p1',
          title: 'A better title',
          content: 'Content long enough, said better.',
          authorId: 'u1',
          at: now,
        },
      };
      given(created, edited)
        .when({ type: 'AddReply', replyId: 'r2', content: 'A reply here', isAnonymous: false, authorId: 'u2', now })
        .thenAccepts();
    });

    it('deletes a post once, for its author only, and takes no replies after', () => {
      given(created, reply).when({ type: 'DeletePost', requesterId: 'u1', now }).then(deleted);
      given(created).when({ type: 'DeletePost', requesterId: 'u2', now }).thenRejects('NotAuthor');
      given(created, deleted).when({ type: 'DeletePost', requesterId: 'u1', now }).then();
      given(created, deleted)
        .when({ type: 'AddReply', replyId: 'r2', content: 'A reply here', isAnonymous: false, authorId: 'u2', now })
        .thenRejects('PostNotFound');
    });

    it("edits and deletes a reply for the reply's author only", () => {
      const replyEdit: ForumPostCommand = {
        type: 'EditReply',
        replyId: 'r1',
        content: 'A kinder reply',
        requesterId: 'u2',
        now,
      };
      const replyDeleted: ForumPostEvent = {
        type: 'ReplyDeleted',
        data: { postId: 'p1', replyId: 'r1', authorId: 'u2', at: now },
      };
      given(created, reply)
        .when(replyEdit)
        .then({
          type: 'ReplyEdited',
          data: { postId: 'p1', replyId: 'r1', content: 'A kinder reply', authorId: 'u2', at: now },
        });
      given(created, reply)
        .when({ ...replyEdit, requesterId: 'u1' })
        .thenRejects('NotAuthor');
      given(created, reply)
        .when({ ...replyEdit, replyId: 'nope' })
        .thenRejects('ReplyNotFound');
      given(created, reply).when({ type: 'DeleteReply', replyId: 'r1', requesterId: 'u2', now }).then(replyDeleted);
      given(created, reply, replyDeleted).when({ type: 'DeleteReply', replyId: 'r1', requesterId: 'u2', now }).then();
      given(created, reply, replyDeleted).when(replyEdit).thenRejects('ReplyNotFound');
      given(created, reply, replyDeleted)
        .when({ type: 'ReportContent', reportId: 'x', replyId: 'r1', reason: 'spam', reporterId: 'u3', now })
        .thenRejects('ReplyNotFound');
    });
  });

  describe('support reactions (issue 26)', () => {
    const react = (kind: 'hear-you' | 'been-there' | 'strength', replyId: string | null = null): ForumPostCommand => ({
      type: 'React',
      replyId,
      kind,
      memberId: 'u3',
      isAnonymous: false,
      now,
    });
    const reacted = (kind: 'hear-you' | 'been-there' | 'strength', replyId: string | null = null): ForumPostEvent => ({
      type: 'ReactionGiven',
      data: { postId: 'p1', replyId, kind, memberId: 'u3', at: now, isAnonymous: false },
    });

    it('gives each kind once per member per post or reply', () => {
      given(created).when(react('strength')).then(reacted('strength'));
      given(created, reacted('strength')).when(react('strength')).then();
      given(created, reacted('strength')).when(react('hear-you')).then(reacted('hear-you'));
      given(created, reply, reacted('strength')).when(react('strength', 'r1')).then(reacted('strength', 'r1'));
    });

    it('withdraws a reaction that stands, and none that does not', () => {
      const withdraw: ForumPostCommand = { type: 'Unreact', replyId: null, kind: 'strength', memberId: 'u3', now };
      given(created, reacted('strength'))
        .when(withdraw)
        .then({
          type: 'ReactionWithdrawn',
          data: { postId: 'p1', replyId: null, kind: 'strength', memberId: 'u3', at: now },
        });
      given(created).when(withdraw).then();
    });

    it('takes no reaction on hidden content or an unknown reply', () => {
      given(created, hidden).when(react('strength')).thenRejects('PostNotFound');
      given(created).when(react('strength', 'nope')).thenRejects('ReplyNotFound');
    });
  });
});
