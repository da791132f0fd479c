import { randomUUID } from 'node:crypto';
import { emptyForumRows, forumKeysOf } from './forum-batch';
import {
  carryChangedRows,
  carryIsFull,
  giveCarriedRows,
  newForumCarry,
  stopCarrying,
  surelyStorable,
  surelyStorableReply,
  surelyStorableReport,
  unwrittenRows,
} from './forum-carry';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';

const reply = (postId: string, id = randomUUID()) => ({
  id,
  post_id: postId,
  content: 'A reply',
  is_anonymous: false,
  author_id: randomUUID(),
  is_hidden: false,
  created_at: '2026-11-02T09:00:00.000Z',
  edited_at: null,
  deleted_at: null,
});
const post = (id = randomUUID()) => ({
  id,
  board: 'campfire' as const,
  category_id: 1,
  category_key: 'general',
  title: 'A thread',
  content: 'Its first words',
  is_anonymous: false,
  author_id: randomUUID(),
  is_pinned: false,
  is_hidden: false,
  held_for_review: false,
  reply_count: 0,
  last_reply_at: null,
  last_reply_user_id: null,
  created_at: '2026-11-02T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
  edited_at: null,
  deleted_at: null,
});
const report = (postId: string, id = randomUUID()) => ({
  id,
  post_id: postId,
  reply_id: null,
  reason: 'Not kind',
  reporter_id: randomUUID(),
  status: 'open' as const,
  reported_at: '2026-11-02T09:00:00.000Z',
  resolved_at: null,
});
const event = (type: string, data: Record<string, unknown>) => ({ type, data }) as unknown as RecordedEvent;

/** A page's rows that it changed (replies or posts), handed on as a rebuild's page would. */
function pageChanging(table: 'replies', rows: ReturnType<typeof reply>[]): ReturnType<typeof emptyForumRows>;
function pageChanging(table: 'posts', rows: ReturnType<typeof post>[]): ReturnType<typeof emptyForumRows>;
function pageChanging(table: 'replies' | 'posts', rows: { id: string }[]) {
  const page = emptyForumRows();
  for (const row of rows) {
    (page[table] as Map<string, unknown>).set(row.id, row);
    page.changed[table].add(row.id);
  }
  return page;
}

describe('rows a forum rebuild carries from page to page', () => {
  it('gives a later page copies of what earlier pages wrote, and every reply of a thread it recounts', () => {
    const carry = newForumCarry();
    const postId = randomUUID();
    const [first, second] = [reply(postId), reply(postId)];
    carryChangedRows(carry, pageChanging('replies', [first, second]));

    const rows = emptyForumRows();
    giveCarriedRows(carry, rows, forumKeysOf([event('ReplyHidden', { postId, replyId: first.id })]));
    expect([...rows.replies.keys()].sort()).toEqual([first.id, second.id].sort());
    rows.replies.get(first.id)!.is_hidden = true;
    expect(carry.replies.get(first.id)!.is_hidden).toBe(false);
  });

  it('holds rows until its limit, and none once it stops', () => {
    const carry = newForumCarry(3);
    const postId = randomUUID();
    carryChangedRows(carry, pageChanging('replies', [reply(postId), reply(postId), reply(postId)]));
    expect(carryIsFull(carry)).toBe(false);
    carryChangedRows(carry, pageChanging('replies', [reply(postId)]));
    expect(carryIsFull(carry)).toBe(true);

    stopCarrying(carry);
    carryChangedRows(carry, pageChanging('replies', [reply(postId)]));
    expect({ complete: carry.complete, replies: carry.replies.size }).toEqual({ complete: false, replies: 0 });
  });

  it('answers the rows in no table yet as the batches of a running transaction left them, without changing what it holds', () => {
    const carry = newForumCarry();
    const [first, second] = [post(), post()];
    const earlier = reply(first.id);
    carryChangedRows(carry, pageChanging('posts', [first]));
    carryChangedRows(carry, pageChanging('replies', [earlier]));
    const replied = { ...first, reply_count: 2 };
    const later = reply(first.id);

    const rows = unwrittenRows(carry, [
      pageChanging('posts', [replied]),
      pageChanging('replies', [later]),
      pageChanging('posts', [second]),
    ]);
    expect({ posts: [...rows.posts.values()], replies: [...rows.replies.values()] }).toEqual({
      posts: [replied, second],
      replies: [earlier, later],
    });
    expect({ posts: [...carry.posts.values()], replies: [...carry.replies.values()] }).toEqual({
      posts: [first],
      replies: [earlier],
    });
  });

  it('vouches only for posts PostgreSQL surely takes as they are', () => {
    expect(surelyStorable(post())).toBe(true);
    expect(surelyStorable({ ...post(), created_at: '2028-02-29T23:59:59.999Z' })).toBe(true);
    expect(surelyStorable({ ...post(), last_reply_user_id: randomUUID(), edited_at: '2026-11-02T10:00:00Z' })).toBe(
      true,
    );
    expect(surelyStorable({ ...post(), author_id: randomUUID().toUpperCase() })).toBe(true);
    for (const refused of [
      { author_id: 'not-a-member-id' },
      { author_id: randomUUID().replace(/^./, 'g') },
      { author_id: randomUUID().replace('-', 'a') },
      { author_id: `${randomUUID()}0` },
      { author_id: randomUUID().replace(/.$/, '\u00e9') },
      { updated_at: '2026-11-02T23:60:00.000Z' },
      { category_id: 1.5 },
      { category_key: 'k'.repeat(65) },
      { title: 'A \0 in it' },
      { content: 'half a pair \ud83d' },
      { created_at: '2026-02-30T09:00:00.000Z' },
      { created_at: '2027-02-29T09:00:00.000Z' },
      { created_at: '0000-01-01T09:00:00.000Z' },
      { updated_at: '2026-11-02T24:00:00.000Z' },
      { deleted_at: 'yesterday' },
    ])
      expect({ refused, storable: surelyStorable({ ...post(), ...refused }) }).toEqual({ refused, storable: false });
  });

  it('vouches only for replies and reports PostgreSQL surely takes as they are', () => {
    const postId = randomUUID();
    expect({ reply: surelyStorableReply(reply(postId)), report: surelyStorableReport(report(postId)) }).toEqual({
      reply: true,
      report: true,
    });
    for (const refused of [
      { post_id: 'not-a-post-id' },
      { content: 'A \0 in it' },
      { edited_at: '2026-13-01T09:00:00.000Z' },
    ])
      expect({ refused, storable: surelyStorableReply({ ...reply(postId), ...refused }) }).toEqual({
        refused,
        storable: false,
      });
    for (const refused of [
      { reply_id: 'not-a-reply-id' },
      { reason: 'half a pair \udc00' },
      { status: 's'.repeat(17) },
      { resolved_at: 'today' },
    ])
      expect({
        refused,
        storable: surelyStorableReport({ ...report(postId), ...refused } as ReturnType<typeof report>),
      }).toEqual({
        refused,
        storable: false,
      });
  });
});
