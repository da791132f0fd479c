import type { ForumPostView } from '@reflections/contracts/forum';

/** A post card of the Campfire board: a member's post, or one of the built-in Community Stories. */
export type CampfireCard = ForumPostView & { readonly isSample: boolean };

type Story = {
  readonly id: number;
  readonly categoryId: number;
  readonly category: string;
  readonly daysAgo: number;
  readonly author: string | null;
  readonly archetype: string | null;
  readonly title: string;
  readonly content: string;
};

/** docs/product.md#forum-boards: six stories built into the client, negative ids, categories 1 to 4. */
const STORIES: readonly Story[] = [
  {
    id: -1,
    categoryId: 1,
    category: 'inner-reflection',
    daysAgo: 2,
    author: 'Marcus',
    archetype: 'The Judge',
    title: 'The voice that keeps score',
    content:
      'For most of my life there has been a voice grading everything I do. Last month I started writing down what it says, word for word. Seeing it on paper, I realised I would never talk to a friend like that. I am not trying to silence it yet, just to notice it before I obey it.',
  },
  {
    id: -2,
    categoryId: 1,
    category: 'inner-reflection',
    daysAgo: 9,
    author: 'Daniel',
    archetype: 'The Provider',
    title: 'What I found when I stopped staying busy',
    content:
      'I took a week off work and did not fill it. By day three I was restless and irritable, and by day five I was sad in a way I had been outrunning for years. It was not comfortable, but it was honest. I think the busyness was doing a job for me, and I want to know what that job was.',
  },
  {
    id: -3,
    categoryId: 2,
    category: 'brotherhood',
    daysAgo: 4,
    author: 'James',
    archetype: 'The Lone Wolf',
    title: 'I called an old friend after eight years',
    content:
      'We fell out of touch after his divorce, mostly because I did not know what to say. I finally called him. He picked up on the second ring and said, "I wondered if you would." We talked for two hours. Whatever you are waiting to say to someone, it is probably not too late.',
  },
  {
    id: -4,
    categoryId: 2,
    category: 'brotherhood',
    daysAgo: 15,
    author: null,
    archetype: null,
    title: 'Our Tuesday walk',
    content:
      'Three of us from work started walking at lunch on Tuesdays. No agenda. Somewhere around the fourth week one of them told us his dad was dying. Now it is the one hour of the week where none of us pretends. If you have not got a circle yet, start with one walk.',
  },
  {
    id: -5,
    categoryId: 3,
    category: 'emotional-wellness',
    daysAgo: 6,
    author: null,
    archetype: null,
    title: 'Grief showed up six months late',
    content:
      'I held it together through the funeral and the paperwork and everyone said how strong I was. Six months later a song in the supermarket flattened me. I have learned that grief does not follow a schedule, and that being strong and falling apart are not opposites.',
  },
  {
    id: -6,
    categoryId: 4,
    category: 'personal-growth',
    daysAgo: 11,
    author: 'Tom',
    archetype: 'The Good Guy / Saint',
    title: 'Saying no without a speech',
    content:
      'I used to wrap every no in five minutes of apology. This month I practised saying "No, I cannot do that" and then stopping. The world did not end. A couple of people were surprised. Mostly I felt lighter, and I had evenings back for my kids.',
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
/** The stories are dated back from this day, not from today, so their dates hold from one visit to the next (issue 26). */
const STORIES_DATED_FROM = Date.parse('2026-11-20T18:00:00.000Z');

function toCard(story: Story): CampfireCard {
  const createdAt = new Date(STORIES_DATED_FROM - story.daysAgo * DAY_MS).toISOString();
  return {
    id: String(story.id),
    board: 'campfire',
    userId: null,
    categoryId: story.categoryId,
    category: story.category,
    title: story.title,
    content: story.content,
    isAnonymous: story.author === null,
    isPinned: false,
    isHidden: false,
    isOwn: false,
    awaitingReview: false,
    editedAt: null,
    isDeleted: false,
    replyCount: 0,
    lastReplyAt: null,
    lastReplyUserId: null,
    createdAt,
    updatedAt: createdAt,
    userName: story.author,
    user: story.author === null ? null : { firstName: story.author, lastName: '' },
    userArchetype: story.archetype,
    isSample: true,
  };
}

export const communityStories = () => STORIES.map(toCard);

/** The stories' ids are negative numbers: no member's post has one. */
export const isSampleId = (id: string) => id.startsWith('-');

export const sampleCard = (id: string) => communityStories().find((story) => story.id === id) ?? null;

export const MIN_POSTS_SHOWN = 4;

/** docs/product.md#forum-boards: fewer than 4 posts are padded with Community Stories (of the selected category, if any) up to 4. */
export function padWithStories(posts: readonly ForumPostView[], categoryId: number | null): CampfireCard[] {
  const cards = posts.map((post) => ({ ...post, isSample: false }));
  if (cards.length >= MIN_POSTS_SHOWN) return cards;
  const stories = communityStories().filter((story) => categoryId === null || story.categoryId === categoryId);
  return [...cards, ...stories.slice(0, MIN_POSTS_SHOWN - cards.length)];
}
