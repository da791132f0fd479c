import type { ForumPostView } from '@reflections/contracts/forum';
import { communityStories, padWithStories } from './community-stories';

const now = new Date('2026-11-23T12:00:00Z');
const post = (id: string, categoryId: number): ForumPostView => ({ ...communityStories(now)[0], id, categoryId, isPinned: false });

describe('padding with Community Stories', () => {
  it('has six stories with negative ids in categories 1 to 4', () => {
    const stories = communityStories(now);
    expect(stories.map((s) => s.id)).toEqual(['-1', '-2', '-3', '-4', '-5', '-6']);
    expect(new Set(stories.map((s) => s.categoryId))).toEqual(new Set([1, 2, 3, 4]));
    expect(stories.every((s) => s.isSample)).toBe(true);
  });

  it('pads fewer than 4 posts up to 4, real posts first', () => {
    const cards = padWithStories([post('a', 1)], null, now);
    expect(cards.map((c) => [c.id, c.isSample])).toEqual([
      ['a', false],
      ['-1', true],
      ['-2', true],
      ['-3', true],
    ]);
  });

  it('leaves 4 or more posts alone', () => {
    const posts = ['a', 'b', 'c', 'd', 'e'].map((id) => post(id, 2));
    expect(padWithStories(posts, null, now).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('pads only with stories of the selected category, even if that leaves fewer than 4', () => {
    expect(padWithStories([], 2, now).map((c) => c.id)).toEqual(['-3', '-4']);
    expect(padWithStories([post('a', 3)], 3, now).map((c) => c.id)).toEqual(['a', '-5']);
    expect(padWithStories([], 6, now)).toEqual([]);
  });
});
