import type { ForumPostView } from '@reflections/contracts/forum';
import { communityStories, padWithStories } from './community-stories';

const post = (id: string, categoryId: number): ForumPostView => ({
  ...communityStories()[0],
  id,
  categoryId,
  isPinned: false,
});

describe('padding with Community Stories', () => {
  it('has six stories with negative ids in categories 1 to 4', () => {
    const stories = communityStories();
    expect(stories.map((s) => s.id)).toEqual(['-1', '-2', '-3', '-4', '-5', '-6']);
    expect(new Set(stories.map((s) => s.categoryId))).toEqual(new Set([1, 2, 3, 4]));
    expect(stories.every((s) => s.isSample)).toBe(true);
  });

  it('dates the stories the same at every visit', () => {
    expect(communityStories()[0].createdAt).toBe('2026-11-18T18:00:00.000Z');
  });

  it('pads fewer than 4 posts up to 4, real posts first', () => {
    const cards = padWithStories([post('a', 1)], null);
    expect(cards.map((c) => [c.id, c.isSample])).toEqual([
      ['a', false],
      ['-1', true],
      ['-2', true],
      ['-3', true],
    ]);
  });

  it('leaves 4 or more posts alone', () => {
    const posts = ['a', 'b', 'c', 'd', 'e'].map((id) => post(id, 2));
    expect(padWithStories(posts, null).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('pads only with stories of the selected category, even if that leaves fewer than 4', () => {
    expect(padWithStories([], 2).map((c) => c.id)).toEqual(['-3', '-4']);
    expect(padWithStories([post('a', 3)], 3).map((c) => c.id)).toEqual(['a', '-5']);
    expect(padWithStories([], 6)).toEqual([]);
  });
});
