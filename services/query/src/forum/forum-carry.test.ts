import { randomUUID } from 'node:crypto';
import { emptyForumRows, forumKeysOf } from './forum-batch';
import { CARRY_LIMIT, carryChangedRows, dropCarry, giveCarriedRows, givenRowsHold, newForumCarry } from './forum-carry';
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
const event = (type: string, data: Record<string, unknown>) => ({ type, data }) as unknown as RecordedEvent;

/** A page's rows that it changed, handed on as a rebuild's page would. */
function pageWriting(replies: ReturnType<typeof reply>[]) {
  const rows = emptyForumRows();
  for (const row of replies) {
    rows.replies.set(row.id, row);
    rows.changed.replies.add(row.id);
  }
  return rows;
}

describe('rows a forum rebuild carries from page to page', () => {
  it('gives a later page copies of what earlier pages wrote, and every reply of a thread it recounts', () => {
    const carry = newForumCarry();
    const postId = randomUUID();
    const [first, second] = [reply(postId), reply(postId)];
    carryChangedRows(carry, pageWriting([first, second]));

    const rows = emptyForumRows();
    giveCarriedRows(carry, rows, forumKeysOf([event('ReplyHidden', { postId, replyId: first.id })]));
    expect([...rows.replies.keys()].sort()).toEqual([first.id, second.id].sort());
    rows.replies.get(first.id)!.is_hidden = true;
    expect(carry.replies.get(first.id)!.is_hidden).toBe(false);
  });

  it('tells a page given rows that they no longer hold once a write failed or a member was forgotten', () => {
    const carry = newForumCarry();
    carryChangedRows(carry, pageWriting([reply(randomUUID())]));
    const givenAt = giveCarriedRows(carry, emptyForumRows(), forumKeysOf([]));
    expect(givenRowsHold(carry, givenAt)).toBe(true);

    dropCarry(carry);
    expect(givenRowsHold(carry, givenAt)).toBe(false);
    expect(carry.complete).toBe(false);
    expect(carry.replies.size).toBe(0);
  });

  it('stops holding rows past its limit, without taking back those it gave', () => {
    const carry = newForumCarry();
    const postId = randomUUID();
    carryChangedRows(carry, pageWriting(Array.from({ length: CARRY_LIMIT }, () => reply(postId))));
    const givenAt = giveCarriedRows(carry, emptyForumRows(), forumKeysOf([]));
    expect(carry.complete).toBe(true);

    carryChangedRows(carry, pageWriting([reply(postId)]));
    expect(carry.complete).toBe(false);
    expect(carry.replies.size).toBe(0);
    expect(givenRowsHold(carry, givenAt)).toBe(true);
  });
});
